export const ARTICLES_PATH = "/admin/articles";
