import { route } from "@/lib/api/route";
import { titleSearchQuery } from "@/lib/schemas/prompts";
import { searchPromptTitles } from "@/lib/services/prompts";

// GET /api/admin/prompts/search?title= – prompts whose title contains the text (case-insensitive): [{ id, title, promptNumber }]
export const GET = route({ access: "admin", query: titleSearchQuery }, async ({ query }) => searchPromptTitles(query.title));
