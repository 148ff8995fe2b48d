import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { discountCodeBody, discountCodePatch } from "@/lib/schemas/discounts";
import { deleteDiscountCode, getDiscountCodeOrThrow, patchDiscountCode, updateDiscountCode } from "@/lib/services/discounts";

const params = idParams("discountCodeId");

// GET /api/admin/discount-codes/{discountCodeId} – one code
export const GET = route({ access: "admin", params }, async ({ params }) => getDiscountCodeOrThrow(params.discountCodeId));

// PUT /api/admin/discount-codes/{discountCodeId} – replace a code
export const PUT = route({ access: "admin", params, body: discountCodeBody }, async ({ params, body, session, req }) =>
  updateDiscountCode(params.discountCodeId, body, auditContext(session, req)),
);

// PATCH /api/admin/discount-codes/{discountCodeId} – change some fields (e.g. { active: false })
export const PATCH = route({ access: "admin", params, body: discountCodePatch }, async ({ params, body, session, req }) =>
  patchDiscountCode(params.discountCodeId, body, auditContext(session, req)),
);

// DELETE /api/admin/discount-codes/{discountCodeId} – delete a code no order has used (409 otherwise)
export const DELETE = route({ access: "admin", params }, async ({ params, session, req }) =>
  deleteDiscountCode(params.discountCodeId, auditContext(session, req)),
);
