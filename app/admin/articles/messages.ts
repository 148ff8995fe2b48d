import { IMAGE_ERRORS, segmentMessages } from "@/lib/i18n/client-namespaces";
import parent from "../messages";

/** Its new and edit pages' form. */
export const articleForm = [...IMAGE_ERRORS, "errors.shirtVariantExists", "errors.variantNameExists", "form", "validation"];

// A list page gets its list's texts; its new/edit pages add the form's and the validation messages.
export default segmentMessages(parent, ["articles", "list"]);
