import { auditContext } from "@/lib/api/audit-client";
import { created, route } from "@/lib/api/route";
import { discountCodeBody, listDiscountCodesQuery } from "@/lib/schemas/discounts";
import { createDiscountCode, listDiscountCodes } from "@/lib/services/discounts";

// GET /api/admin/discount-codes – one page of codes with their uses and revenue
export const GET = route({ access: "admin", query: listDiscountCodesQuery }, async ({ query }) => listDiscountCodes(query));

// POST /api/admin/discount-codes – create a code
export const POST = route({ access: "admin", body: discountCodeBody }, async ({ body, session, req }) =>
  created(await createDiscountCode(body, auditContext(session, req))),
);
