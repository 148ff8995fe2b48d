import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { slotTypeUpdateBody } from "@/lib/schemas/prompts";
import { deleteSlotType, getSlotTypeOrThrow, updateSlotType } from "@/lib/services/slots";

const params = idParams("slotTypeId");

// GET /api/admin/prompts/prompt-slot-types/{slotTypeId} – one slot type
export const GET = route({ access: "admin", params }, async ({ params }) => getSlotTypeOrThrow(params.slotTypeId));

// PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – rename and/or move (the reorder passes send only { position }; a taken position: 409)
export const PUT = route({ access: "admin", params, body: slotTypeUpdateBody }, async ({ params, body }) =>
  updateSlotType(params.slotTypeId, body),
);

// DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId} – delete; 409 while it has slot variants
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteSlotType(params.slotTypeId));
