import { route } from "@/lib/api/route";
import { nameSearchQuery } from "@/lib/schemas/prompt-categories";
import { searchPromptSubcategories } from "@/lib/services/prompt-categories";

// GET /api/admin/prompts/subcategories/search?name= – prompt subcategories whose name contains the text (case-insensitive)
export const GET = route({ access: "admin", query: nameSearchQuery }, async ({ query, locale }) =>
  searchPromptSubcategories(query.name, locale),
);
