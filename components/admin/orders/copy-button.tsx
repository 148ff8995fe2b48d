"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";

/** Copies a text (the composed prompt) to the clipboard; says so in a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations("adminOrders.production");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  }
  return (
    <button type="button" className="btn-secondary px-2.5 py-1 text-xs" onClick={copy} aria-label={label} data-testid="copy-prompt">
      {t("copy")}
    </button>
  );
}
