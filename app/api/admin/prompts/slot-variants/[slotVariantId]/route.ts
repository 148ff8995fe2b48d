import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { slotVariantBody } from "@/lib/schemas/prompts";
import { deleteSlotVariant, getSlotVariantOrThrow, updateSlotVariant } from "@/lib/services/slots";

const params = idParams("slotVariantId");

export const GET = route({ access: "admin", params }, async ({ params, locale }) => getSlotVariantOrThrow(params.slotVariantId, locale));

export const PUT = route({ access: "admin", params, body: slotVariantBody }, async ({ params, body, locale }) =>
  updateSlotVariant(params.slotVariantId, body, locale),
);

export const DELETE = route({ access: "admin", params }, async ({ params }) => deleteSlotVariant(params.slotVariantId));
