/**
 * The admin prompt tester (issue 8; spec sections 2, 3 and 7):
 *   run.ts      POST /api/admin/ai/test — validate, rate limit, take in the photo, run the models in parallel
 *   runs.ts     stored runs as answers (list newest first, one run), failure kind → the spec's message
 *   actions.ts  a result as a prompt's example image; a run's texts saved into a prompt
 *   choices.ts  the prompts the tester can pick (with their style and slot texts for the live preview)
 */
export { readTestForm, runAiTest } from "./run";
export { getAiTestRun, listAiTestRuns } from "./runs";
export { saveRunTextsToPrompt, setResultAsExample } from "./actions";
export { listTesterPromptChoices, type TesterPromptChoice } from "./choices";
