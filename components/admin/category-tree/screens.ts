/**
 * What distinguishes one category tree screen from another: its URL, its API, its message namespace
 * and the count it shows per row. A plain object, so the server list can hand it to the client form.
 * Both namespaces hold the same keys, except the count: `articleCount` / `promptCount` (= `countKey`).
 */
export type CategoryTreeScreen =
  | { kind: "article"; path: "/admin/article-categories"; apiBase: "/admin/articles"; namespace: "articleCategories"; countKey: "articleCount" }
  | { kind: "prompt"; path: "/admin/prompt-categories"; apiBase: "/admin/prompts"; namespace: "promptCategories"; countKey: "promptCount" };

export const ARTICLE_CATEGORY_SCREEN = {
  kind: "article",
  path: "/admin/article-categories",
  apiBase: "/admin/articles",
  namespace: "articleCategories",
  countKey: "articleCount",
} as const satisfies CategoryTreeScreen;

export const PROMPT_CATEGORY_SCREEN = {
  kind: "prompt",
  path: "/admin/prompt-categories",
  apiBase: "/admin/prompts",
  namespace: "promptCategories",
  countKey: "promptCount",
} as const satisfies CategoryTreeScreen;
