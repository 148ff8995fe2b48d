import { segmentMessages } from "@/lib/i18n/client-namespaces";
import parent, { slotVariantForm } from "../messages";

export default segmentMessages(parent, slotVariantForm);
