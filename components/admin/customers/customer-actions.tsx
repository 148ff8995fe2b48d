"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/api-client/fetcher";
import { Dialog } from "@/components/ui/dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";

/** Password link, data download and erasure of one customer. */
export function CustomerActions({ id, email }: { id: number; email: string }) {
  const t = useTranslations("customers");
  const router = useRouter();
  const [erasing, setErasing] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const link = useAdminMutation({
    mutationFn: () => apiFetch(`/api/admin/customers/${id}/password-link`, { method: "POST" }),
    success: t("linkSent", { email }),
  });
  const erase = useAdminMutation({
    kind: "delete",
    mutationFn: () => apiFetch(`/api/admin/customers/${id}/erase`, { method: "POST", body: { reason } }),
    success: t("erased"),
    onFieldErrors: (errors) => setReasonError(errors.reason ?? null),
    onSuccess: () => {
      setErasing(false);
      router.push("/admin/customers");
      router.refresh();
    },
  });
  return (
    <div className="flex flex-wrap gap-2" data-testid="customer-actions">
      <button type="button" className="btn-secondary" onClick={() => link.mutate(undefined)} disabled={link.isPending}>
        {t("sendLink")}
      </button>
      <a className="btn-secondary" href={`/api/admin/customers/${id}/export`} download>
        {t("download")}
      </a>
      <button type="button" className="btn-danger" onClick={() => setErasing(true)}>
        {t("erase")}
      </button>
      <Dialog
        open={erasing}
        title={t("eraseTitle", { email })}
        onClose={() => setErasing(false)}
        testId="erase-dialog"
        portal
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setErasing(false)}>
              {t("cancel")}
            </button>
            <button type="submit" form="erase-form" className="btn-danger" disabled={erase.isPending}>
              {t("eraseConfirm")}
            </button>
          </>
        }
      >
        <form
          id="erase-form"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            erase.mutate(undefined);
          }}
          className="space-y-2"
        >
          <p className="text-sm text-stone-700">{t("eraseExplain")}</p>
          <label className="block text-sm font-medium" htmlFor="erase-reason">
            {t("reason")}
          </label>
          <textarea
            id="erase-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={3}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "erase-reason-error" : undefined}
            className="w-full rounded border border-stone-300 p-2"
          />
          {reasonError && (
            <p id="erase-reason-error" className="text-sm text-red-700">
              {reasonError}
            </p>
          )}
        </form>
      </Dialog>
    </div>
  );
}
