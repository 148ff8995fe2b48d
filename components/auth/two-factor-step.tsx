"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { sessionQuery } from "@/lib/api-client/session";
import { secondStep } from "@/lib/api-client/two-factor";
import { TextField } from "@/components/ui/form-field";
import { afterSignIn } from "./after-sign-in";
import { failureText } from "./auth-api";

/** The second step of a sign-in whose password was right: a code from the app, or one recovery code. */
export function TwoFactorStep({ callbackUrl, onBack }: { callbackUrl: string | null; onBack: () => void }) {
  const t = useTranslations("twoFactor");
  const tl = useTranslations("login");
  const queryClient = useQueryClient();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get("code") ?? "").trim();
    setPending(true);
    setError(null);
    try {
      const session = await secondStep(recovery ? { recoveryCode: value } : { code: value });
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
      window.location.assign(afterSignIn(callbackUrl, session));
    } catch (err) {
      setError(failureText(err, t("tooMany"), t("error")));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate data-testid="two-factor-step">
      <div>
        <h2 className="text-lg font-semibold">{t("signInTitle")}</h2>
        <p className="text-sm text-stone-600">{recovery ? t("signInRecoveryIntro") : t("signInIntro")}</p>
      </div>
      <TextField
        key={recovery ? "recovery" : "code"}
        id="two-factor-sign-in-code"
        name="code"
        autoFocus
        autoComplete={recovery ? "off" : "one-time-code"}
        inputMode={recovery ? "text" : "numeric"}
        maxLength={recovery ? 40 : 6}
        label={recovery ? t("recoveryCode") : t("code")}
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="two-factor-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending} data-testid="two-factor-verify">
        {pending ? t("verifying") : t("verify")}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setRecovery((r) => !r)}
          data-testid="two-factor-toggle"
        >
          {recovery ? t("useCode") : t("useRecovery")}
        </button>
        <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onBack}>
          {tl("backToSignIn")}
        </button>
      </div>
    </form>
  );
}
