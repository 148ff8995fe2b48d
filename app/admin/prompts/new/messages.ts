import { segmentMessages } from "@/lib/i18n/client-namespaces";
import parent, { promptForm } from "../messages";

export default segmentMessages(parent, promptForm);
