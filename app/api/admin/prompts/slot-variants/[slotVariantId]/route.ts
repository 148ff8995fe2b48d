import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { slotVariantBody } from "@/lib/schemas/prompts";
import { deleteSlotVariant, getSlotVariantOrThrow, updateSlotVariant } from "@/lib/services/slots";

const params = idParams("slotVariantId");

// GET /api/admin/prompts/slot-variants/{slotVariantId} – one slot variant
export const GET = route({ access: "admin", params }, async ({ params, locale }) => getSlotVariantOrThrow(params.slotVariantId, locale));

// PUT /api/admin/prompts/slot-variants/{slotVariantId} – replace every field (a replaced example image is deleted when unused)
export const PUT = route({ access: "admin", params, body: slotVariantBody }, async ({ params, body, locale }) =>
  updateSlotVariant(params.slotVariantId, body, locale),
);

// DELETE /api/admin/prompts/slot-variants/{slotVariantId} – delete; 409 while prompts use it
export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteSlotVariant(params.slotVariantId));
