"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { HttpError } from "@/lib/api-client/fetcher";
import { login, sessionQuery } from "@/lib/api-client/session";
import { TextField } from "@/components/ui/form-field";
import { safeCallbackPath } from "@/lib/callback-url";
import { afterSignIn } from "./after-sign-in";
import { TwoFactorStep } from "./two-factor-step";

export function LoginForm({
  callbackUrl,
  email,
  onEmailChange,
  onForgot,
  onSignInLink,
  initialTwoFactor = false,
}: {
  callbackUrl: string | null;
  /** Start at the code step (a password reset of an account with two-factor sign-in on leads here). */
  initialTwoFactor?: boolean;
  email: string;
  onEmailChange: (email: string) => void;
  onForgot: () => void;
  onSignInLink: () => void;
}) {
  const t = useTranslations("login");
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // Delayed sign-in (429): the mailed one-time link is offered as the way in.
  const [throttled, setThrottled] = useState(false);
  const [pending, setPending] = useState(false);
  const [twoFactor, setTwoFactor] = useState(initialTwoFactor);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    setThrottled(false);
    try {
      const answer = await login({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
      if ("twoFactorRequired" in answer) {
        setTwoFactor(true);
        setPending(false);
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, answer);
      // The page already checked the callback; checked again so no caller can hand the form an outside URL.
      // A back-office account that must or should set up two-factor sign-in goes to its page first.
      window.location.assign(safeCallbackPath(answer.next) ?? afterSignIn(callbackUrl, answer));
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 0;
      setError(status === 401 || status === 422 ? t("invalidCredentials") : status === 429 ? t("tooManyAttempts") : t("error"));
      setThrottled(status === 429);
      setPending(false);
    }
  }

  if (twoFactor) return <TwoFactorStep callbackUrl={callbackUrl} onBack={() => setTwoFactor(false)} />;

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <TextField
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        label={t("email")}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <div>
        <TextField id="password" name="password" type="password" autoComplete="current-password" label={t("password")} />
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <button type="button" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onForgot}>
            {t("forgotLink")}
          </button>
          <button type="button" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onSignInLink}>
            {t("linkLink")}
          </button>
        </div>
      </div>
      {error && (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          <p data-testid="login-error">{error}</p>
          {throttled && (
            <button type="button" className="btn-secondary w-full" data-testid="login-link-offer" onClick={onSignInLink}>
              {t("linkOffer")}
            </button>
          )}
        </div>
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
