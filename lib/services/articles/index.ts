export { getArticleOrThrow, listArticles } from "./queries";
export { createArticle, deleteArticle, updateArticle, type DeleteArticleResult } from "./write";
