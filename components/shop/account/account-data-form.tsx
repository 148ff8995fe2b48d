"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { accountQuery, updateAccount } from "@/lib/api-client/account";
import { sessionQuery } from "@/lib/api-client/session";
import type { AccountResponse, AccountUpdateBody } from "@/lib/schemas/account";
import { accountFormRules } from "@/components/auth/lazy-form-rules";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { useFieldErrors } from "@/components/ui/use-field-errors";

export function AccountDataForm({ user }: { user: AccountResponse["user"] }) {
  const t = useTranslations("account");
  const tc = useTranslations("common");
  const queryClient = useQueryClient();
  const { ref: formRef, request: focusError } = useFocusFirstError<HTMLFormElement>();
  const fields = useFieldErrors();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: AccountUpdateBody) => updateAccount(body),
    meta: { silent: true },
    onSuccess: async (account) => {
      queryClient.setQueryData(accountQuery.queryKey, account);
      // The session carries the names too (checkout prefill, header).
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      toast.success(t("dataSaved"));
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
    const body = await fields.validateLazy(accountFormRules, (rules) => rules.accountUpdateBody, {
      firstName: String(data.get("firstName") ?? ""),
      lastName: String(data.get("lastName") ?? ""),
      phone: String(data.get("phone") ?? ""),
    });
    if (!body) {
      focusError();
      return;
    }
    save.mutate({ firstName: body.firstName, lastName: body.lastName, phone: body.phone ?? "" });
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void onSubmit(e)}
      onFocus={accountFormRules.preload}
      className="space-y-4"
      noValidate
      data-testid="account-data-form"
    >
      <div>
        <p className="label">{t("email")}</p>
        <p className="break-all text-sm text-stone-800" data-testid="account-email">
          {user.email}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="account-first-name"
          name="firstName"
          autoComplete="given-name"
          required
          label={t("firstName")}
          defaultValue={user.firstName ?? ""}
          error={fields.errors.firstName}
        />
        <TextField
          id="account-last-name"
          name="lastName"
          autoComplete="family-name"
          required
          label={t("lastName")}
          defaultValue={user.lastName ?? ""}
          error={fields.errors.lastName}
        />
      </div>
      <TextField
        id="account-phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        label={t("phone")}
        defaultValue={user.phone ?? ""}
        error={fields.errors.phone}
      />
      {error && <FormAlert>{error}</FormAlert>}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? tc("saving") : t("saveData")}
      </button>
    </form>
  );
}
