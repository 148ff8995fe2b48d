"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { HttpError } from "@/lib/api-client/fetcher";
import { sessionQuery } from "@/lib/api-client/session";
import { staffApi } from "@/lib/api-client/staff";
import { backOfficeHome } from "@/lib/domain/permissions";

export type StaffInvitePreview = { email: string; accountExists: boolean };

/** Nothing is used on page load (mail scanners open links); the invitee accepts with a password. */
export function StaffInviteForm({
  token,
  invitation,
  shopName,
}: {
  token: string | null;
  invitation: StaffInvitePreview | null;
  shopName: string;
}) {
  const t = useTranslations("adminStaff.accept");
  const tl = useTranslations("login");
  const queryClient = useQueryClient();
  const router = useRouter();
  const [invalid, setInvalid] = useState<string | null>(token && invitation ? null : t("invalid"));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setPending(true);
    setError(null);
    setPasswordError(undefined);
    try {
      const session = await staffApi.accept({ token, password });
      // Accepted; an account with two-factor sign-in on still gives its code.
      if ("twoFactorRequired" in session) {
        router.replace("/login?step=two-factor");
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
      toast.success(t("success"));
      router.replace(backOfficeHome(session.roles));
    } catch (err) {
      setPending(false);
      if (err instanceof HttpError && err.status === 422 && err.fieldErrors?.password) setPasswordError(err.fieldErrors.password);
      else if (err instanceof HttpError && (err.status === 404 || err.status === 422)) setInvalid(t("invalid"));
      else setError(err instanceof HttpError && err.status === 429 ? tl("tooManyRequests") : t("error"));
    }
  }

  if (invalid || !invitation) {
    return (
      <div className="card space-y-4" data-testid="staff-invite-invalid">
        <h1 className="text-2xl font-semibold">{t("invalidTitle")}</h1>
        <FormAlert>{invalid ?? t("invalid")}</FormAlert>
        <Link href="/login" className="btn-primary w-full">
          {t("toLogin")}
        </Link>
      </div>
    );
  }

  const existing = invitation.accountExists;
  return (
    <form className="card space-y-4" onSubmit={onSubmit} noValidate data-testid="staff-invite-form">
      <h1 className="text-2xl font-semibold">{t("title", { shopName })}</h1>
      <p className="text-sm break-words text-stone-600">
        {existing ? t("introExisting", { email: invitation.email }) : t("introNew", { email: invitation.email })}
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {/* The address is the account name: password managers file the new password under it. */}
      <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
      <TextField
        id="staff-invite-password"
        name="password"
        type="password"
        autoComplete={existing ? "current-password" : "new-password"}
        required
        label={t("password")}
        hint={existing ? undefined : t("newPasswordHint")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
      />
      <button type="submit" className="btn-primary w-full" disabled={pending} data-testid="staff-invite-submit">
        {pending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
