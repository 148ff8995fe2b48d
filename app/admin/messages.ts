import { rootMessages, segmentMessages } from "@/lib/i18n/client-namespaces";

// Only the toasts' titles of "errors": the API's messages arrive already translated.
export default segmentMessages(rootMessages, [
  "admin.menu",
  "admin.signedInAs",
  "admin.title",
  "common",
  "errors.failedToDelete",
  "errors.failedToLoad",
  "errors.failedToSave",
  "guard",
  "nav.logout",
]);
