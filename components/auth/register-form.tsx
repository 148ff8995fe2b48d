"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { accountFormRules } from "./lazy-form-rules";
import { NewPasswordFields, useRepeatCheck } from "./new-password-fields";
import { failureText, registerCustomer } from "./auth-api";

/** The server answers every address alike ("check your mailbox"), so the form cannot reveal accounts. */
export function RegisterForm({
  email,
  onEmailChange,
  onSignIn,
  onForgot,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSignIn: () => void;
  onForgot: () => void;
}) {
  const t = useTranslations("login");
  const { ref: formRef, request: focusError } = useFocusFirstError<HTMLFormElement>();
  const fields = useFieldErrors();
  const repeat = useRepeatCheck(t("passwordsDiffer"));
  const [error, setError] = useState<string | null>(null);
  const [checkMail, setCheckMail] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      firstName: String(form.get("firstName") ?? ""),
      lastName: String(form.get("lastName") ?? ""),
    };
    setError(null);
    const body = await fields.validateLazy(accountFormRules, (rules) => rules.signUpForm, input);
    const differs = repeat.differs(form, "password");
    if (!body || differs) {
      focusError();
      return;
    }
    setPending(true);
    try {
      const answer = await registerCustomer(body);
      setPending(false);
      setCheckMail(answer.message);
    } catch (err) {
      setPending(false);
      if (fields.fromServer(err)) focusError();
      else setError(failureText(err, t("tooManyRegistrations"), t("registerError")));
    }
  }

  if (checkMail) {
    return (
      <div
        role="status"
        data-testid="register-check-mail"
        className="space-y-3 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <h2 className="text-base font-semibold">{t("registerCheckMailTitle")}</h2>
        <p>{checkMail}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <button type="button" className="font-medium text-brand-700 underline" onClick={onSignIn}>
            {t("signInInstead")}
          </button>
          <button type="button" className="font-medium text-brand-700 underline" onClick={onForgot}>
            {t("forgotLink")}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} onFocus={accountFormRules.preload} className="space-y-4" noValidate data-testid="register-form">
      <p className="text-sm text-stone-600">{t("registerIntro")}</p>
      <TextField
        id="register-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        label={t("email")}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={fields.errors.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          name="firstName"
          autoComplete="given-name"
          required
          label={t("firstName")}
          error={fields.errors.firstName}
        />
        <TextField
          id="register-last-name"
          name="lastName"
          autoComplete="family-name"
          required
          label={t("lastName")}
          error={fields.errors.lastName}
        />
      </div>
      <NewPasswordFields
        id="register-password"
        name="password"
        label={t("password")}
        repeatLabel={t("passwordRepeat")}
        hint={t("passwordHint")}
        error={fields.errors.password}
        repeatError={repeat.error}
      />
      {error && <FormAlert testId="register-error">{error}</FormAlert>}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? t("registerSubmitting") : t("registerSubmit")}
      </button>
    </form>
  );
}
