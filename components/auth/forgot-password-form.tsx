"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { forgotPassword, requestSignInLink } from "@/lib/api-client/account";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { accountFormRules } from "./lazy-form-rules";
import { failureText } from "./auth-api";

/** The server's confirmation is the same whether or not an account exists. */
export function ForgotPasswordForm({
  email,
  onEmailChange,
  onBack,
  kind = "reset",
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
  kind?: "reset" | "signInLink";
}) {
  const t = useTranslations("login");
  const link = kind === "signInLink";
  const { ref: formRef, request: focusError } = useFocusFirstError<HTMLFormElement>();
  const fields = useFieldErrors();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opened from a link in place of the sign-in form: focus goes to the new part's heading.
  useEffect(() => headingRef.current?.focus(), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const body = await fields.validateLazy(accountFormRules, (rules) => rules.forgotPasswordBody, { email });
    if (!body) {
      focusError();
      return;
    }
    setPending(true);
    try {
      const answer = await (link ? requestSignInLink(body) : forgotPassword(body));
      setSent(answer.message);
    } catch (err) {
      if (fields.fromServer(err)) focusError();
      else setError(failureText(err, t("tooManyRequests"), t(link ? "linkError" : "forgotError")));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4" data-testid={link ? "sign-in-link-request" : "forgot-password"}>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t(link ? "linkTitle" : "forgotTitle")}
      </h2>
      {sent ? (
        <p
          role="status"
          data-testid="forgot-sent"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          {sent}
        </p>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} onFocus={accountFormRules.preload} className="space-y-4" noValidate>
          <p className="text-sm text-stone-600">{t(link ? "linkIntro" : "forgotIntro")}</p>
          <TextField
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            label={t("email")}
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
            error={fields.errors.email}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? t("forgotSubmitting") : t(link ? "linkSubmit" : "forgotSubmit")}
          </button>
        </form>
      )}
      <button type="button" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onBack}>
        {t("backToSignIn")}
      </button>
    </div>
  );
}
