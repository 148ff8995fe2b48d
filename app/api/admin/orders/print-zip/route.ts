import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { orderIdsQuery } from "@/lib/schemas/admin-orders";
import { ordersPrintZip } from "@/lib/services/print";

export const GET = route({ access: "admin", permission: "orders", query: orderIdsQuery }, async ({ query }) =>
  fileResponse(await ordersPrintZip(query.ids)),
);
