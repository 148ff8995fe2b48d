import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { setDefaultVatRate } from "@/lib/services/vat";

export const PUT = route({ access: "admin", params: idParams("vatId") }, async ({ params }) => setDefaultVatRate(params.vatId));
