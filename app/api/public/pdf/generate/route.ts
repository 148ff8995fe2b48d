import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/request-context/client-ip";
import { fileResponse } from "@/lib/api/file-response";
import { env } from "@/lib/env";
import { generatePdfBody } from "@/lib/schemas/print";
import { generatePrintPdf, printFile } from "@/lib/services/print";

export const POST = route({ access: "public", withSession: true, body: generatePdfBody }, async ({ req, body, session }) =>
  fileResponse(printFile(await generatePrintPdf(body, session, new URL(req.url).origin, clientIp(req, env().TRUSTED_PROXY_COUNT)))),
);
