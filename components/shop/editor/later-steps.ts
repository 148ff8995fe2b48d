/**
 * The editor's steps after the upload (style, mug, personal data, generation, preview) as one chunk:
 * a first visit of "/" shows only the upload step, so the page loads this once a photo is chosen or
 * saved work comes back (editor-wizard.tsx), before the user reaches step 2 (issue 12: split the
 * editor by step).
 */
export { StyleStep } from "./style-step";
export { MugStep } from "./mug-step";
export { PersonalStep } from "./personal-step";
export { GenerateStep } from "./generate-step";
export { PreviewStep } from "./preview-step";
