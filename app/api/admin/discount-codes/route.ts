import { created, route } from "@/lib/api/route";
import { discountCodeBody, listDiscountCodesQuery } from "@/lib/schemas/discount-codes";
import { createDiscountCode, listDiscountCodes } from "@/lib/services/discount-codes";

export const GET = route({ access: "admin", query: listDiscountCodesQuery }, async ({ query }) => listDiscountCodes(query));

export const POST = route({ access: "admin", body: discountCodeBody }, async ({ body }) => created(await createDiscountCode(body)));
