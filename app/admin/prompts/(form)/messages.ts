import { IMAGE_ERRORS, segmentMessages } from "@/lib/i18n/client-namespaces";
import parent from "../messages";

// The list above sends the entity's texts; its new and edit pages add the form's.
export default segmentMessages(parent, [...IMAGE_ERRORS, "errors.testImageRequired", "form", "validation"]);
