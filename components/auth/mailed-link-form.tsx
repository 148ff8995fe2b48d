"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { HttpError } from "@/lib/api-client/fetcher";
import { confirmRegistration, signInWithLink } from "@/lib/api-client/account";
import { sessionQuery } from "@/lib/api-client/session";
import { afterSignIn } from "./after-sign-in";

/** Not used on page load: mail scanners open links first. A sign-up asks its password, so nobody confirms a stranger's account. */
export function MailedLinkForm({ kind, token }: { kind: "signInLink" | "confirmRegistration"; token: string | null }) {
  const signInTexts = useTranslations("signInLink");
  const confirmTexts = useTranslations("confirmRegistration");
  const t = kind === "signInLink" ? signInTexts : confirmTexts;
  const tl = useTranslations("login");
  const queryClient = useQueryClient();
  const router = useRouter();
  const [invalid, setInvalid] = useState<string | null>(token ? null : t("missingToken"));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);

  async function onSignIn(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setPending(true);
    setError(null);
    setPasswordError(undefined);
    try {
      const session = await (kind === "signInLink" ? signInWithLink({ token }) : confirmRegistration({ token, password }));
      // The mailbox is proved; an account with two-factor sign-in on still gives its code.
      if ("twoFactorRequired" in session) {
        router.replace("/login?step=two-factor");
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
      toast.success(t("success"));
      router.replace(afterSignIn(null, session));
    } catch (err) {
      setPending(false);
      if (err instanceof HttpError && err.status === 422 && err.fieldErrors?.password) setPasswordError(err.fieldErrors.password);
      else if (err instanceof HttpError && (err.status === 404 || err.status === 422)) setInvalid(err.message);
      else setError(err instanceof HttpError && err.status === 429 ? tl("tooManyRequests") : t("error"));
    }
  }

  if (invalid) {
    return (
      <div className="card space-y-4" data-testid="mailed-link-invalid">
        <h1 className="text-2xl font-semibold">{t("invalidTitle")}</h1>
        <FormAlert>{invalid}</FormAlert>
        <Link href={kind === "signInLink" ? "/login" : "/login?tab=register"} className="btn-primary w-full">
          {t("requestNew")}
        </Link>
      </div>
    );
  }

  return (
    <form className="card space-y-4" onSubmit={onSignIn} noValidate>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-stone-600">{t("intro")}</p>
      {error && <FormAlert>{error}</FormAlert>}
      {kind === "confirmRegistration" && (
        <TextField
          id="confirm-registration-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          label={confirmTexts("password")}
          hint={confirmTexts("passwordHint")}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
        />
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending} data-testid="mailed-link-submit">
        {pending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
