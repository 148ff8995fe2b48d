import { route } from "@/lib/api/route";
import { customerIdParams } from "@/lib/schemas/customers";
import { customerDetail } from "@/lib/services/customers";

export const GET = route({ access: "admin", permission: "customers", params: customerIdParams }, async ({ params }) =>
  customerDetail(params.customerId),
);
