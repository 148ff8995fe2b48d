import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { customerIdParams, eraseCustomerBody } from "@/lib/schemas/customers";
import { eraseCustomer } from "@/lib/services/customers";

export const POST = route({ access: "admin", params: customerIdParams, body: eraseCustomerBody }, async ({ params, body, session, req }) =>
  eraseCustomer(params.customerId, auditContext(session, req), body.reason),
);
