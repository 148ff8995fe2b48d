import { segmentMessages } from "@/lib/i18n/client-namespaces";
import parent from "../messages";

export default segmentMessages(parent, ["shippingSettings", "form", "validation"]);
