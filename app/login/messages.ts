import { rootMessages, segmentMessages } from "@/lib/i18n/client-namespaces";

export default segmentMessages(rootMessages, [
  "common",
  "login",
  "validation",
  "twoFactor.signInTitle",
  "twoFactor.signInIntro",
  "twoFactor.signInRecoveryIntro",
  "twoFactor.code",
  "twoFactor.recoveryCode",
  "twoFactor.useRecovery",
  "twoFactor.useCode",
  "twoFactor.verify",
  "twoFactor.verifying",
  "twoFactor.tooMany",
  "twoFactor.error",
]);
