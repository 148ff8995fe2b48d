import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { setDefaultVatRate } from "@/lib/services/vat";

// PUT /api/admin/vat/{vatId}/default – make this the one default VAT rate
export const PUT = route({ access: "admin", params: idParams("vatId") }, async ({ params }) => setDefaultVatRate(params.vatId));
