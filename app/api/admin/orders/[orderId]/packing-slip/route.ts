import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { orderParams } from "@/lib/schemas/orders";
import { packingSlipsPdf } from "@/lib/services/orders";

export const GET = route({ access: "admin", permission: "orders", params: orderParams }, async ({ params, locale }) =>
  fileResponse(await packingSlipsPdf([params.orderId], locale)),
);
