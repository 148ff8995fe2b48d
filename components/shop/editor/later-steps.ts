/** The steps after the upload as one chunk, loaded once a photo is chosen, so a first visit loads only the upload step. */
export { StyleStep } from "./style-step";
export { MugStep } from "./mug-step";
export { PersonalStep } from "./personal-step";
export { GenerateStep } from "./generate-step";
export { PreviewStep } from "./preview-step";
