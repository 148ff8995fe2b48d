export { readTestForm, runAiTest } from "./run";
export { getAiTestRun, listAiTestRuns } from "./runs";
export { saveRunTextsToPrompt, setResultAsExample } from "./actions";
export { listTesterPromptChoices, type TesterPromptChoice } from "./choices";
