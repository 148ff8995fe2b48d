import { rootMessages, segmentMessages } from "@/lib/i18n/client-namespaces";

export default segmentMessages(rootMessages, ["common", "adminStaff.accept", "login"]);
