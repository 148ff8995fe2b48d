import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { accountExportFile } from "@/lib/services/account";

export const GET = route({ access: "user" }, async ({ session, req }) =>
  fileResponse(await accountExportFile(session.user.id, req.url, auditContext(session, req))),
);
