import "server-only";

export { getPromptOrThrow, listPrompts, searchPromptTitles, type PromptTitleHit } from "./queries";
export { createPrompt, deletePrompt, updatePrompt, type DeletePromptResult } from "./write";
export { addPromptSlots, replacePromptSlots } from "./slots";
export { nextPromptNumber } from "./next-number";
