import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { promptSlotIdsBody, promptSlotVariantsBody } from "@/lib/schemas/prompts";
import { addPromptSlots, replacePromptSlots } from "@/lib/services/prompts";

const params = idParams("promptId");

// POST /api/admin/prompts/{promptId}/slots – add slot variants ({ slotIds }), each replacing the prompt's variant of its slot type
export const POST = route({ access: "admin", params, body: promptSlotIdsBody }, async ({ params, body }) =>
  addPromptSlots(params.promptId, body.slotIds),
);

// PUT /api/admin/prompts/{promptId}/slots – replace the whole selection ({ slotVariants: [{ slotId }] }), at most one per slot type
export const PUT = route({ access: "admin", params, body: promptSlotVariantsBody }, async ({ params, body }) =>
  replacePromptSlots(
    params.promptId,
    body.slotVariants.map((s) => s.slotId),
  ),
);
