import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { listSlotVariantsOfType } from "@/lib/services/slots";

// GET /api/admin/prompts/slot-variants/type/{typeId} – the slot variants of one slot type (404 for an unknown type)
export const GET = route({ access: "admin", params: idParams("typeId") }, async ({ params, locale }) =>
  listSlotVariantsOfType(params.typeId, locale),
);
