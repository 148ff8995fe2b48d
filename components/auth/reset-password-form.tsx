"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { HttpError } from "@/lib/api-client/fetcher";
import { resetPassword } from "@/lib/api-client/account";
import { sessionQuery } from "@/lib/api-client/session";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { FormAlert } from "@/components/ui/form-field";
import { accountFormRules } from "./lazy-form-rules";
import { NewPasswordFields, useRepeatCheck } from "./new-password-fields";
import { failureText } from "./auth-api";

export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("resetPassword");
  const tl = useTranslations("login");
  const router = useRouter();
  const queryClient = useQueryClient();
  const { ref: formRef, request: focusError } = useFocusFirstError<HTMLFormElement>();
  const fields = useFieldErrors();
  const repeat = useRepeatCheck(t("passwordsDiffer"));
  const [invalid, setInvalid] = useState<string | null>(token ? null : t("missingToken"));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!token) return;
    const data = new FormData(e.currentTarget);
    const password = String(data.get("password") ?? "");
    setError(null);
    const body = await fields.validateLazy(accountFormRules, (rules) => rules.newPasswordForm, { password });
    const differs = repeat.differs(data, "password");
    if (!body || differs) {
      focusError();
      return;
    }
    setPending(true);
    try {
      const session = await resetPassword({ token, password: body.password });
      if ("twoFactorRequired" in session) {
        // The new password is set; the account's second factor still has to be given.
        toast.success(t("success"));
        router.replace("/login?step=two-factor");
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
      toast.success(t("success"));
      router.replace("/account");
    } catch (err) {
      setPending(false);
      if (err instanceof HttpError && (err.status === 404 || err.fieldErrors?.token)) setInvalid(err.message);
      else if (fields.fromServer(err)) focusError();
      else setError(failureText(err, tl("tooManyRequests"), t("error")));
    }
  }

  if (invalid) {
    return (
      <div className="card space-y-4" data-testid="reset-invalid">
        <h1 className="text-2xl font-semibold">{t("invalidTitle")}</h1>
        <FormAlert>{invalid}</FormAlert>
        <Link href="/login?forgot=1" className="btn-primary w-full">
          {t("requestNew")}
        </Link>
      </div>
    );
  }

  return (
    <div className="card">
      <h1 className="mb-1 text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-6 text-sm text-stone-600">{t("intro")}</p>
      <form ref={formRef} onSubmit={onSubmit} onFocus={accountFormRules.preload} className="space-y-4" noValidate>
        <NewPasswordFields
          id="reset-password"
          name="password"
          label={t("password")}
          repeatLabel={t("passwordRepeat")}
          hint={t("passwordHint")}
          error={fields.errors.password}
          repeatError={repeat.error}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? t("submitting") : t("submit")}
        </button>
      </form>
    </div>
  );
}
