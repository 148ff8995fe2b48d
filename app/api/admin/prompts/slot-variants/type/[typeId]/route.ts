import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { listSlotVariantsOfType } from "@/lib/services/slots";

export const GET = route({ access: "admin", params: idParams("typeId") }, async ({ params, locale }) =>
  listSlotVariantsOfType(params.typeId, locale),
);
