import { route } from "@/lib/api/route";
import { adminMailQuery } from "@/lib/schemas/admin-orders";
import { listMail } from "@/lib/services/mail";

export const GET = route({ access: "admin", permission: "mail", query: adminMailQuery }, async ({ query }) => listMail(query));
