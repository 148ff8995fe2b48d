import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { orderIdsQuery } from "@/lib/schemas/admin-orders";
import { packingSlipsPdf } from "@/lib/services/orders";

export const GET = route({ access: "admin", permission: "orders", query: orderIdsQuery }, async ({ query, locale }) =>
  fileResponse(await packingSlipsPdf(query.ids, locale)),
);
