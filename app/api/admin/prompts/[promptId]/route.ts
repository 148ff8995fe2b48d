import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { promptBody } from "@/lib/schemas/prompts";
import { deletePrompt, getPromptOrThrow, updatePrompt } from "@/lib/services/prompts";

const params = idParams("promptId");

// GET /api/admin/prompts/{promptId} – the prompt with its slot variants and composed prompt text
export const GET = route({ access: "admin", params }, async ({ params }) => getPromptOrThrow(params.promptId));

// PUT /api/admin/prompts/{promptId} – replace the prompt and its slot variant selection
export const PUT = route({ access: "admin", params, body: promptBody }, async ({ params, body }) => updatePrompt(params.promptId, body));

// DELETE /api/admin/prompts/{promptId} – delete; a prompt that orders, carts or generations refer to is archived instead ({ deleted, archived })
export const DELETE = route({ access: "admin", params }, async ({ params }) => deletePrompt(params.promptId));
