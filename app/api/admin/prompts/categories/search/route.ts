import { route } from "@/lib/api/route";
import { nameSearchQuery } from "@/lib/schemas/prompt-categories";
import { searchPromptCategories } from "@/lib/services/prompt-categories";

export const GET = route({ access: "admin", query: nameSearchQuery }, async ({ query, locale }) =>
  searchPromptCategories(query.name, locale),
);
