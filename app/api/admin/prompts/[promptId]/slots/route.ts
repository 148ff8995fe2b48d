import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { promptSlotIdsBody, promptSlotVariantsBody } from "@/lib/schemas/prompts";
import { addPromptSlots, replacePromptSlots } from "@/lib/services/prompts";

const params = idParams("promptId");

export const POST = route({ access: "admin", params, body: promptSlotIdsBody }, async ({ params, body }) =>
  addPromptSlots(params.promptId, body.slotIds),
);

export const PUT = route({ access: "admin", params, body: promptSlotVariantsBody }, async ({ params, body }) =>
  replacePromptSlots(
    params.promptId,
    body.slotVariants.map((s) => s.slotId),
  ),
);
