export type CategoryTreeScreen =
  | {
      kind: "article";
      path: "/admin/article-categories";
      apiBase: "/admin/articles";
      namespace: "articleCategories";
      countKey: "articleCount";
      german: true;
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
  german: true,
} as const satisfies CategoryTreeScreen;

export const PROMPT_CATEGORY_SCREEN = {
  kind: "prompt",
  path: "/admin/prompt-categories",
  apiBase: "/admin/prompts",
  namespace: "promptCategories",
  countKey: "promptCount",
  german: true,
} as const satisfies CategoryTreeScreen;
