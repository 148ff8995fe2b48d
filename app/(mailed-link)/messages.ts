import { rootMessages, segmentMessages } from "@/lib/i18n/client-namespaces";

// One form serves both pages (components/auth/mailed-link-form.tsx): both send both texts.
export default segmentMessages(rootMessages, ["common", "confirmRegistration", "login", "signInLink"]);
