import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { supplierBody } from "@/lib/schemas/suppliers";
import { deleteSupplier, getSupplierOrThrow, updateSupplier } from "@/lib/services/suppliers";

const params = idParams("supplierId");

// GET /api/admin/suppliers/{supplierId} – one supplier
export const GET = route({ access: "admin", params }, async ({ params, locale }) => getSupplierOrThrow(params.supplierId, locale));

// PUT /api/admin/suppliers/{supplierId} – replace a supplier
export const PUT = route({ access: "admin", params, body: supplierBody }, async ({ params, body, locale }) =>
  updateSupplier(params.supplierId, body, locale),
);

// DELETE /api/admin/suppliers/{supplierId} – delete; 409 while articles refer to the supplier
export const DELETE = route({ access: "admin", params }, async ({ params, locale }) => deleteSupplier(params.supplierId, locale));
