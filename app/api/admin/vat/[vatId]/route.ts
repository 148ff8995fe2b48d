import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { vatBody } from "@/lib/schemas/vat";
import { deleteVatRate, getVatRateOrThrow, updateVatRate } from "@/lib/services/vat";

const params = idParams("vatId");

export const GET = route({ access: "admin", params }, async ({ params }) => getVatRateOrThrow(params.vatId));

export const PUT = route({ access: "admin", params, body: vatBody }, async ({ params, body }) => updateVatRate(params.vatId, body));

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteVatRate(params.vatId));
