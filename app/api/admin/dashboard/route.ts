import { route } from "@/lib/api/route";
import { dashboardQuery } from "@/lib/schemas/dashboard";
import { dashboard } from "@/lib/services/dashboard";

export const GET = route({ access: "admin", query: dashboardQuery }, async ({ query, locale }) => dashboard(query, locale));
