import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { supplierBody } from "@/lib/schemas/suppliers";
import { deleteSupplier, getSupplierOrThrow, updateSupplier } from "@/lib/services/suppliers";

const params = idParams("supplierId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) => getSupplierOrThrow(params.supplierId, locale));

export const PUT = route({ access: "admin", params, body: supplierBody }, async ({ params, body, locale }) =>
  updateSupplier(params.supplierId, body, locale),
);

export const DELETE = route({ access: "admin", params }, async ({ params, locale }) => deleteSupplier(params.supplierId, locale));
