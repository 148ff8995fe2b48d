import { created, route } from "@/lib/api/route";
import { listPromptsQuery, promptBody } from "@/lib/schemas/prompts";
import { createPrompt, listPrompts } from "@/lib/services/prompts";

// GET /api/admin/prompts – one page of prompts (filters categoryId, subcategoryId, archived=false|true|all, q; sort; page/pageSize) with the total
export const GET = route({ access: "admin", query: listPromptsQuery }, async ({ query }) => listPrompts(query));

// POST /api/admin/prompts – create a prompt with its slot variant selection
export const POST = route({ access: "admin", body: promptBody }, async ({ body }) => created(await createPrompt(body)));
