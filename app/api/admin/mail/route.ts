import { route } from "@/lib/api/route";
import { adminMailQuery } from "@/lib/schemas/admin-orders";
import { listMail } from "@/lib/services/mail";

// GET /api/admin/mail – the outbox: sent, queued and failed mail, newest first (status filter, search, paging)
export const GET = route({ access: "admin", query: adminMailQuery }, async ({ query }) => listMail(query));
