import { route } from "@/lib/api/route";
import { titleSearchQuery } from "@/lib/schemas/prompts";
import { searchPromptTitles } from "@/lib/services/prompts";

export const GET = route({ access: "admin", query: titleSearchQuery }, async ({ query }) => searchPromptTitles(query.title));
