"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { ACCOUNT_EXPORT_URL, deleteAccount } from "@/lib/api-client/account";
import { HttpError } from "@/lib/api-client/fetcher";

export function AccountPrivacy({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("account");
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-4 text-sm">
      <div className="space-y-2">
        <p className="text-stone-700">{t("downloadIntro")}</p>
        {/* A plain link: the browser saves the attachment itself, with the session cookie. */}
        <a href={ACCOUNT_EXPORT_URL} download className="btn-secondary inline-flex" data-testid="account-download-data">
          {t("downloadData")}
        </a>
      </div>
      <div className="space-y-2 border-t border-stone-100 pt-4">
        <p className="text-stone-700">{t("deleteIntro")}</p>
        <button type="button" className="btn-danger" onClick={() => setOpen(true)} data-testid="account-delete-open">
          {t("deleteAccount")}
        </button>
      </div>
      <DeleteAccountDialog open={open} hasPassword={hasPassword} onClose={() => setOpen(false)} />
    </div>
  );
}

function DeleteAccountDialog({ open, hasPassword, onClose }: { open: boolean; hasPassword: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: (password: string | undefined) => deleteAccount(hasPassword ? { password } : {}),
    meta: { silent: true },
    onSuccess: (answer) => {
      toast.success(answer.message);
      queryClient.clear();
      router.replace("/");
      router.refresh();
    },
    onError: (err) => {
      if (err instanceof HttpError && err.fieldErrors?.password) setPasswordError(err.fieldErrors.password);
      else setError(err.message);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPasswordError(undefined);
    setError(null);
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    if (hasPassword && !password) {
      setPasswordError(t("deletePasswordRequired"));
      return;
    }
    erase.mutate(hasPassword ? password : undefined);
  }

  function close() {
    if (erase.isPending) return;
    setPasswordError(undefined);
    setError(null);
    onClose();
  }

  return (
    <Dialog open={open} title={t("deleteTitle")} onClose={close} size="md" testId="account-delete-dialog">
      <form id="account-delete-form" onSubmit={onSubmit} className="space-y-3 text-sm" noValidate>
        <p>{t("deleteGoes")}</p>
        <p>{t("deleteStays")}</p>
        <p className="font-medium">{t("deleteCannotUndo")}</p>
        {hasPassword && (
          <TextField
            id="account-delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            label={t("deletePassword")}
            error={passwordError}
          />
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-3">
          <button type="button" className="btn-secondary" onClick={close} disabled={erase.isPending}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn-danger" disabled={erase.isPending} data-testid="account-delete-confirm">
            {erase.isPending ? t("deleting") : t("deleteConfirm")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
