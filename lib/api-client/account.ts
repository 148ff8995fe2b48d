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

export function forgotPassword(body: ForgotPasswordBody) {
  return apiFetch<MessageResponse>("/auth/password/forgot", { method: "POST", body, redirectOnAuthError: false });
}

export function resetPassword(body: ResetPasswordBody) {
  return apiFetch<ResetPasswordResponse | { twoFactorRequired: true }>("/auth/password/reset", {
    method: "POST",
    body,
    redirectOnAuthError: false,
  });
}

export function requestSignInLink(body: ForgotPasswordBody) {
  return apiFetch<MessageResponse>("/auth/login-link", { method: "POST", body, redirectOnAuthError: false });
}

export function signInWithLink(body: SignInLinkBody) {
  return apiFetch<ResetPasswordResponse>("/auth/login-link/use", { method: "POST", body, redirectOnAuthError: false });
}

export function confirmRegistration(body: ConfirmRegistrationBody) {
  return apiFetch<ResetPasswordResponse | { twoFactorRequired: true }>("/auth/register/confirm", {
    method: "POST",
    body,
    redirectOnAuthError: false,
  });
}

export const accountQuery = queryOptions({
  queryKey: ["account"],
  queryFn: ({ signal }) => apiFetch<AccountResponse>("/user/account", { signal }),
});

export function updateAccount(body: AccountUpdateBody) {
  return apiFetch<AccountResponse>("/user/account", { method: "PUT", body });
}

export function changePassword(body: ChangePasswordBody) {
  return apiFetch<MessageResponse>("/user/account/password", { method: "PUT", body });
}

export function deleteAccount(body: DeleteAccountBody) {
  return apiFetch<MessageResponse>("/user/account", { method: "DELETE", body });
}

/** A plain link lets the browser save the download. */
export const ACCOUNT_EXPORT_URL = "/api/user/account/export";
