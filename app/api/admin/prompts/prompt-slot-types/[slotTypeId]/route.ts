import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { slotTypeUpdateBody } from "@/lib/schemas/prompts";
import { deleteSlotType, getSlotTypeOrThrow, updateSlotType } from "@/lib/services/slots";

const params = idParams("slotTypeId");

export const GET = route({ access: "admin", params }, async ({ params }) => getSlotTypeOrThrow(params.slotTypeId));

export const PUT = route({ access: "admin", params, body: slotTypeUpdateBody }, async ({ params, body }) =>
  updateSlotType(params.slotTypeId, body),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteSlotType(params.slotTypeId));
