import { route } from "@/lib/api/route";
import { nameSearchQuery } from "@/lib/schemas/prompt-categories";
import { searchPromptSubcategories } from "@/lib/services/prompt-categories";

export const GET = route({ access: "admin", query: nameSearchQuery }, async ({ query, locale }) =>
  searchPromptSubcategories(query.name, locale),
);
