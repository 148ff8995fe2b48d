import "server-only";
export { claimGuestAccounts, claimedRoles, type ClaimOptions } from "./claim";
export { requestPasswordLink, resetPassword, RESET_PAGE, type LinkRequest } from "./password-links";
export { requestSignInLink, redeemSignInLink, SIGN_IN_LINK_PAGE } from "./login-link";
export { confirmRegistration, requestRegistration, CONFIRM_REGISTRATION_PAGE } from "./registration";
export { changePassword, getAccount, updateAccount } from "./profile";
export { shopUrl } from "./links";
export { accountExportFile, exportAccount, exportFileName, type AccountExport } from "./export";
