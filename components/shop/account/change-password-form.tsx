"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { changePassword, forgotPassword } from "@/lib/api-client/account";
import type { ChangePasswordBody } from "@/lib/schemas/account";
import { accountFormRules } from "@/components/auth/lazy-form-rules";
import { NewPasswordFields, useRepeatCheck } from "@/components/auth/new-password-fields";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { useFieldErrors } from "@/components/ui/use-field-errors";

export function ChangePasswordForm() {
  const t = useTranslations("account");
  const { ref: formRef, request: focusError } = useFocusFirstError<HTMLFormElement>();
  const fields = useFieldErrors();
  const repeat = useRepeatCheck(t("passwordsDiffer"));
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => changePassword(body),
    meta: { silent: true },
    onSuccess: (answer) => {
      formRef.current?.reset();
      fields.clear();
      toast.success(answer.message);
    },
    onError: (err) => {
      if (fields.fromServer(err)) focusError();
      else setError(err.message);
    },
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const data = new FormData(e.currentTarget);
    const input = { currentPassword: String(data.get("currentPassword") ?? ""), newPassword: String(data.get("newPassword") ?? "") };
    const body = await fields.validateLazy(accountFormRules, (rules) => rules.changePasswordBody, input);
    const differs = repeat.differs(data, "newPassword");
    if (!body || differs) {
      focusError();
      return;
    }
    change.mutate(body);
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void onSubmit(e)}
      onFocus={accountFormRules.preload}
      className="space-y-4"
      noValidate
      data-testid="change-password-form"
    >
      <TextField
        id="account-current-password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        label={t("currentPassword")}
        error={fields.errors.currentPassword}
      />
      <NewPasswordFields
        id="account-new-password"
        name="newPassword"
        label={t("newPassword")}
        repeatLabel={t("newPasswordRepeat")}
        hint={t("passwordHint")}
        error={fields.errors.newPassword}
        repeatError={repeat.error}
      />
      {error && <FormAlert>{error}</FormAlert>}
      <button type="submit" className="btn-primary" disabled={change.isPending}>
        {change.isPending ? t("changingPassword") : t("changePassword")}
      </button>
    </form>
  );
}

export function SetPasswordLink({ email }: { email: string }) {
  const t = useTranslations("account");
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({ mutationFn: () => forgotPassword({ email }), onSuccess: (answer) => setSent(answer.message) });
  return (
    <div className="space-y-3 text-sm">
      <p className="text-stone-700">{t("noPasswordIntro")}</p>
      {sent ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
          {sent}
        </p>
      ) : (
        <button type="button" className="btn-primary" disabled={send.isPending} onClick={() => send.mutate()}>
          {t("sendSetPasswordLink")}
        </button>
      )}
    </div>
  );
}
