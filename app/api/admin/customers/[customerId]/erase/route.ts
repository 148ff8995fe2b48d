import { route } from "@/lib/api/route";
import { customerIdParams, eraseCustomerBody } from "@/lib/schemas/customers";
import { eraseCustomer } from "@/lib/services/customers";

export const POST = route({ access: "admin", params: customerIdParams, body: eraseCustomerBody }, async ({ params, body, session }) =>
  eraseCustomer(params.customerId, session.user.id, body.reason),
);
