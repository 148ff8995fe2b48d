/**
 * What distinguishes one category tree screen from another: its URL, its API, its message namespace
 * and the count it shows per row. A plain object, so the server list can hand it to the client form.
 * Both namespaces hold the same keys, except the count: `articleCount` / `promptCount` (= `countKey`).
 * `german`: the tree has German names and descriptions (the prompt categories; the service's
 * `german` option): the forms edit them and the list shows them; their labels are `promptCategories`'.
 */
export type CategoryTreeScreen =
  | {
      kind: "article";
      path: "/admin/article-categories";
      apiBase: "/admin/articles";
      namespace: "articleCategories";
      countKey: "articleCount";
      german: false;
    }
  | {
      kind: "prompt";
      path: "/admin/prompt-categories";
      apiBase: "/admin/prompts";
      namespace: "promptCategories";
      countKey: "promptCount";
      german: true;
    };

export const ARTICLE_CATEGORY_SCREEN = {
  kind: "article",
  path: "/admin/article-categories",
  apiBase: "/admin/articles",
  namespace: "articleCategories",
  countKey: "articleCount",
  german: false,
} as const satisfies CategoryTreeScreen;

export const PROMPT_CATEGORY_SCREEN = {
  kind: "prompt",
  path: "/admin/prompt-categories",
  apiBase: "/admin/prompts",
  namespace: "promptCategories",
  countKey: "promptCount",
  german: true,
} as const satisfies CategoryTreeScreen;
