import { created, route } from "@/lib/api/route";
import { vatBody } from "@/lib/schemas/vat";
import { createVatRate, listVatRates } from "@/lib/services/vat";

export const GET = route({ access: "admin" }, async () => listVatRates());

export const POST = route({ access: "admin", body: vatBody }, async ({ body }) => created(await createVatRate(body)));
