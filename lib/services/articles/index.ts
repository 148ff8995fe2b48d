/** Admin articles: list and read (queries), create, update and delete (write), price calculation persistence (price). */
export { getArticleOrThrow, listArticles } from "./queries";
export { createArticle, deleteArticle, updateArticle, type DeleteArticleResult } from "./write";
