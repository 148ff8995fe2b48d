import { route } from "@/lib/api/route";
import { discountCodeBody, discountCodeIdParams } from "@/lib/schemas/discount-codes";
import { deleteDiscountCode, getDiscountCode, updateDiscountCode } from "@/lib/services/discount-codes";

const params = discountCodeIdParams;

export const GET = route({ access: "admin", params }, async ({ params }) => getDiscountCode(params.discountCodeId));

export const PUT = route({ access: "admin", params, body: discountCodeBody }, async ({ params, body }) =>
  updateDiscountCode(params.discountCodeId, body),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteDiscountCode(params.discountCodeId));
