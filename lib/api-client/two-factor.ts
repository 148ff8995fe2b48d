import { apiFetch } from "./fetcher";
import type { SessionResponse } from "@/lib/schemas/auth";
import type { TwoFactorConfirmBody, TwoFactorSignInBody } from "@/lib/schemas/two-factor";

export type Enrollment = { secret: string; otpauthUri: string; qrCode: string };
export type RecoveryCodes = { recoveryCodes: string[] };

export const twoFactorApi = {
  setup: () => apiFetch<Enrollment>("/admin/security/two-factor/setup", { method: "POST" }),
  enable: (code: string) => apiFetch<RecoveryCodes>("/admin/security/two-factor/enable", { method: "POST", body: { code } }),
  disable: (body: TwoFactorConfirmBody) => apiFetch<{ enabled: false }>("/admin/security/two-factor/disable", { method: "POST", body }),
  regenerate: (body: TwoFactorConfirmBody) =>
    apiFetch<RecoveryCodes>("/admin/security/two-factor/recovery-codes", { method: "POST", body }),
  setPolicy: (requireTwoFactorForStaff: boolean) =>
    apiFetch<{ requireTwoFactorForStaff: boolean }>("/admin/security/policy", { method: "PUT", body: { requireTwoFactorForStaff } }),
};

export function secondStep(body: TwoFactorSignInBody) {
  return apiFetch<SessionResponse>("/auth/login/two-factor", { method: "POST", body, redirectOnAuthError: false });
}
