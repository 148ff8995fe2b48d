import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { vatBody } from "@/lib/schemas/vat";
import { deleteVatRate, getVatRateOrThrow, updateVatRate } from "@/lib/services/vat";

const params = idParams("vatId");

// GET /api/admin/vat/{vatId} – one VAT rate
export const GET = route({ access: "admin", params }, async ({ params }) => getVatRateOrThrow(params.vatId));

// PUT /api/admin/vat/{vatId} – replace a VAT rate
export const PUT = route({ access: "admin", params, body: vatBody }, async ({ params, body }) => updateVatRate(params.vatId, body));

// DELETE /api/admin/vat/{vatId} – delete; { defaultRequired: true } when the default was deleted and a new one must be set
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteVatRate(params.vatId));
