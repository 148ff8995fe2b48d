import { created, route } from "@/lib/api/route";
import { vatBody } from "@/lib/schemas/vat";
import { createVatRate, listVatRates } from "@/lib/services/vat";

// GET /api/admin/vat – all VAT rates, default first
export const GET = route({ access: "admin" }, async () => listVatRates());

// POST /api/admin/vat – create a VAT rate
export const POST = route({ access: "admin", body: vatBody }, async ({ body }) => created(await createVatRate(body)));
