"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function StartOver({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const t = useTranslations("editor.startOver");
  const tc = useTranslations("common");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)} data-testid="start-over">
        {t("button")}
      </button>
      <ConfirmDialog
        open={open}
        title={t("title")}
        confirmLabel={t("confirm")}
        cancelLabel={tc("cancel")}
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p className="text-sm text-stone-600">{t("text")}</p>
      </ConfirmDialog>
    </>
  );
}
