import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { customerIdParams } from "@/lib/schemas/customers";
import { customerExportFile } from "@/lib/services/customers";

export const GET = route({ access: "admin", params: customerIdParams }, async ({ params, req, session }) =>
  fileResponse(await customerExportFile(params.customerId, req.url, auditContext(session, req))),
);
