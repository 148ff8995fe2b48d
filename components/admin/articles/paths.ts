/** Where the article screens live (shared by the list page, its client table and the type tabs). */
export const ARTICLES_PATH = "/admin/articles";
