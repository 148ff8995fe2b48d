import { route } from "@/lib/api/route";
import { customerIdParams } from "@/lib/schemas/customers";
import { sendCustomerPasswordLink } from "@/lib/services/customers";

export const POST = route({ access: "admin", params: customerIdParams }, async ({ params, req, locale }) =>
  sendCustomerPasswordLink(params.customerId, req.url, locale),
);
