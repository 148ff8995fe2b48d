import { route } from "@/lib/api/route";
import { adminAuditQuery } from "@/lib/schemas/audit";
import { listAudit } from "@/lib/services/audit";

// GET /api/admin/audit – the owner's audit log, newest first (filters: action, actor email, days)
export const GET = route({ access: "admin", query: adminAuditQuery }, async ({ query }) => listAudit(query));
