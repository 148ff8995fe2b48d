"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { vatApi } from "@/lib/api-client/vat";
import type { VatRateDto } from "@/lib/schemas/vat";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function VatRowActions({ rate }: { rate: VatRateDto }) {
  const t = useTranslations("vat");
  const tc = useTranslations("common");
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);

  const setDefault = useMutation({
    mutationFn: () => vatApi.setDefault(rate.id),
    onSuccess: () => {
      toast.success(t("defaultChanged"));
      router.refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => vatApi.remove(rate.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t("deleted"));
      // When the default was deleted the list shows the "choose a new default" prompt.
      router.refresh();
    },
    onError: () => setConfirming(false),
  });

  return (
    <div className="flex justify-end gap-2">
      {!rate.isDefault && (
        <button type="button" className="btn-secondary" onClick={() => setDefault.mutate()} disabled={setDefault.isPending}>
          {t("setDefault")}
        </button>
      )}
      <Link href={`/admin/vat/${rate.id}/edit`} className="btn-secondary" aria-label={`${tc("edit")} ${rate.name}`}>
        {tc("edit")}
      </Link>
      <button type="button" className="btn-danger" onClick={() => setConfirming(true)} aria-label={`${tc("delete")} ${rate.name}`}>
        {tc("delete")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("confirmDelete", { name: rate.name })}
        confirmLabel={tc("delete")}
        cancelLabel={tc("cancel")}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {rate.isDefault && <p className="text-sm text-amber-700">{t("confirmDeleteDefault", { name: rate.name })}</p>}
      </ConfirmDialog>
    </div>
  );
}
