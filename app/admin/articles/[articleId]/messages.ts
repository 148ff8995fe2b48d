import { segmentMessages } from "@/lib/i18n/client-namespaces";
import parent, { articleForm } from "../messages";

export default segmentMessages(parent, articleForm);
