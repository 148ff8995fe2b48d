import { created, route } from "@/lib/api/route";
import { listPromptsQuery, promptBody } from "@/lib/schemas/prompts";
import { createPrompt, listPrompts } from "@/lib/services/prompts";

export const GET = route({ access: "admin", query: listPromptsQuery }, async ({ query }) => listPrompts(query));

export const POST = route({ access: "admin", body: promptBody }, async ({ body }) => created(await createPrompt(body)));
