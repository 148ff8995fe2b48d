import "server-only";
export {
  confirmEnrollment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrollment,
  twoFactorOverview,
  type Enrollment,
} from "./enrollment";
export { afterPassword, completeSecondFactor, TWO_FACTOR_PAGE, type AfterPassword } from "./sign-in";
export {
  getSecurityPolicy,
  ownerTwoFactorWarning,
  setSecurityPolicy,
  twoFactorSetupBlocks,
  twoFactorState,
  type SecurityPolicy,
} from "./policy";
