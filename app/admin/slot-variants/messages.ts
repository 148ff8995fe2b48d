import { IMAGE_ERRORS, segmentMessages } from "@/lib/i18n/client-namespaces";
import parent from "../messages";

/** Its new and edit pages' form. */
export const slotVariantForm = [...IMAGE_ERRORS, "form", "validation"];

export default segmentMessages(parent, ["list", "slots"]);
