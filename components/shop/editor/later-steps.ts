export { StyleStep } from "./style-step";
export { MugStep } from "./mug-step";
export { PersonalStep } from "./personal-step";
export { GenerateStep } from "./generate-step";
export { PreviewStep } from "./preview-step";
export { AddToCart } from "./add-to-cart";
