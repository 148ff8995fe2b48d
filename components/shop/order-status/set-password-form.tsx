"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { HttpError } from "@/lib/api-client/fetcher";
import type { CheckMailResponse } from "@/lib/api-client/guest-orders";
import { TextField } from "@/components/ui/form-field";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { accountFormRules } from "@/components/auth/lazy-form-rules";

type Errors = { password?: string; repeat?: string; form?: string };

/** The password is set only when the link mailed to the address is used with it, so success means "check your mail". */
export function SetPasswordForm({ email, submit }: { email: string; submit: (password: string) => Promise<CheckMailResponse> }) {
  const t = useTranslations("orderStatus");
  const tv = useTranslations("validation");
  // Errors are set after an await (the rules load on first use): focus follows once they are rendered.
  const { ref: formRef, request: focusError } = useFocusFirstError<HTMLFormElement>();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (value: string) => submit(value),
    onError: (err) => {
      if (err instanceof HttpError && err.fieldErrors?.password) setErrors({ password: err.fieldErrors.password });
      else setErrors({ form: err instanceof Error ? err.message : String(err) });
      focusError();
    },
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    // The rules load with the form's first focus; if they cannot load, the server checks the password.
    const rules = await accountFormRules.load().catch(() => null);
    const parsed = rules ? rules.newPassword.safeParse(password) : ({ success: true } as const);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? "validation.passwordTooShort";
      next.password = password === "" ? tv("passwordRequired") : tv(key.replace(/^validation\./, "") as "passwordTooShort");
    }
    if (!next.password && repeat !== password) next.repeat = t("passwordsDiffer");
    setErrors(next);
    if (next.password || next.repeat) {
      focusError();
      return;
    }
    save.mutate(password);
  }

  if (save.isSuccess) {
    return (
      <section
        className="card space-y-3 border-brand-100 bg-brand-50"
        aria-labelledby="set-password-title"
        data-testid="set-password-check-mail"
        role="status"
      >
        <h2 id="set-password-title" className="text-lg font-semibold">
          {t("checkMailTitle")}
        </h2>
        <p className="text-sm text-stone-700">{t("checkMailText", { email })}</p>
      </section>
    );
  }

  return (
    <section className="card space-y-3 border-brand-100 bg-brand-50" aria-labelledby="set-password-title" data-testid="set-password">
      <h2 id="set-password-title" className="text-lg font-semibold">
        {t("setPasswordTitle")}
      </h2>
      <p className="text-sm text-stone-700">{t("setPasswordIntro", { email })}</p>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        onFocus={accountFormRules.preload}
        className="grid gap-3 sm:grid-cols-2"
      >
        {/* Lets password managers store the new password under the account's email. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t("password")}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          hint={t("passwordHint")}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="set-password-input"
        />
        <TextField
          label={t("passwordRepeat")}
          type="password"
          name="new-password-repeat"
          autoComplete="new-password"
          required
          value={repeat}
          error={errors.repeat}
          onChange={(e) => setRepeat(e.target.value)}
          data-testid="set-password-repeat"
        />
        {errors.form && (
          <p role="alert" className="field-error sm:col-span-2" data-testid="set-password-error">
            {errors.form}
          </p>
        )}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={save.isPending} data-testid="set-password-submit">
            {save.isPending ? t("settingPassword") : t("setPassword")}
          </button>
        </div>
      </form>
    </section>
  );
}
