import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type {
  AccountResponse,
  AccountUpdateBody,
  ChangePasswordBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  MessageResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  ConfirmRegistrationBody,
  SignInLinkBody,
} from "@/lib/schemas/account";

/** Browser helpers for the customer's account (contract: lib/schemas/account.ts). */

/** POST /api/auth/password/forgot – always 202 with the same message (whether or not the email has an account). */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiFetch<MessageResponse>("/auth/password/forgot", { method: "POST", body, redirectOnAuthError: false });
}

/** POST /api/auth/password/reset – sets the password with the mailed token and signs the account in (404: link invalid or expired). */
export function resetPassword(body: ResetPasswordBody) {
  return apiFetch<ResetPasswordResponse>("/auth/password/reset", { method: "POST", body, redirectOnAuthError: false });
}

/** POST /api/auth/login-link – always 202 with the same message; a password account gets a one-time sign-in link by mail. */
export function requestSignInLink(body: ForgotPasswordBody) {
  return apiFetch<MessageResponse>("/auth/login-link", { method: "POST", body, redirectOnAuthError: false });
}

/** POST /api/auth/login-link/use – signs in with the mailed token (404: link invalid, used or expired). */
export function signInWithLink(body: SignInLinkBody) {
  return apiFetch<ResetPasswordResponse>("/auth/login-link/use", { method: "POST", body, redirectOnAuthError: false });
}

/** POST /api/auth/register/confirm – creates the account of a mailed sign-up link and signs it in (404: link invalid, used or expired). */
export function confirmRegistration(body: ConfirmRegistrationBody) {
  return apiFetch<ResetPasswordResponse>("/auth/register/confirm", { method: "POST", body, redirectOnAuthError: false });
}

/** GET /api/user/account – own data, whether a password is set, addresses used before. */
export const accountQuery = queryOptions({
  queryKey: ["account"],
  queryFn: ({ signal }) => apiFetch<AccountResponse>("/user/account", { signal }),
});

/** PUT /api/user/account – names and phone; answers the account like GET. */
export function updateAccount(body: AccountUpdateBody) {
  return apiFetch<AccountResponse>("/user/account", { method: "PUT", body });
}

/** PUT /api/user/account/password – 422 with errors.currentPassword when the current password is wrong; other sessions end. */
export function changePassword(body: ChangePasswordBody) {
  return apiFetch<MessageResponse>("/user/account/password", { method: "PUT", body });
}

/** DELETE /api/user/account – erases the account ({password} when it has one: wrong → 422 errors.password; an admin → 409); the session cookie is cleared. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiFetch<MessageResponse>("/user/account", { method: "DELETE", body });
}

/** GET /api/user/account/export – a JSON download; a plain link lets the browser save it. */
export const ACCOUNT_EXPORT_URL = "/api/user/account/export";
