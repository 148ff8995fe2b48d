/**
 * Admin prompts (server-only). Split by concern:
 *   queries.ts  the paged list, one prompt with its composed text, title search
 *   write.ts    create, update, delete (archived instead when orders, carts or generations refer to it)
 *   slots.ts    the prompt's slot variant selection (at most one per slot type): add, replace
 */
import "server-only";

export { getPromptOrThrow, listPrompts, searchPromptTitles, type PromptTitleHit } from "./queries";
export { createPrompt, deletePrompt, updatePrompt, type DeletePromptResult } from "./write";
export { addPromptSlots, replacePromptSlots } from "./slots";
