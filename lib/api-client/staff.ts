import { apiFetch } from "./fetcher";
import type { SessionResponse } from "@/lib/schemas/auth";
import type { StaffInviteBody } from "@/lib/schemas/staff";

export const staffApi = {
  invite: (body: StaffInviteBody) => apiFetch<{ id: number; email: string }>("/admin/staff", { method: "POST", body }),
  remove: (userId: number) => apiFetch<null>(`/admin/staff/${userId}`, { method: "DELETE" }),
  revokeInvitation: (invitationId: number) => apiFetch<null>(`/admin/staff/invitations/${invitationId}`, { method: "DELETE" }),
  accept: (body: { token: string; password: string }) =>
    apiFetch<SessionResponse | { twoFactorRequired: true }>("/auth/staff-invite", { method: "POST", body, redirectOnAuthError: false }),
};
