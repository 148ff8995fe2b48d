import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { promptBody } from "@/lib/schemas/prompts";
import { deletePrompt, getPromptOrThrow, updatePrompt } from "@/lib/services/prompts";

const params = idParams("promptId");

export const GET = route({ access: "admin", params }, async ({ params }) => getPromptOrThrow(params.promptId));

export const PUT = route({ access: "admin", params, body: promptBody }, async ({ params, body }) => updatePrompt(params.promptId, body));

export const DELETE = route({ access: "admin", params }, async ({ params }) => deletePrompt(params.promptId));
