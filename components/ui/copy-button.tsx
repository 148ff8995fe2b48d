"use client";

import { toast } from "@/components/ui/toast";

export function CopyButton({
  text,
  labels,
  className = "btn-secondary",
  testId,
  ariaLabel,
}: {
  text: string;
  labels: { copy: string; copied: string; copyFailed: string };
  className?: string;
  testId?: string;
  ariaLabel?: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(labels.copied);
    } catch {
      toast.error(labels.copyFailed);
    }
  }
  return (
    <button type="button" className={className} onClick={() => void copy()} disabled={!text} aria-label={ariaLabel} data-testid={testId}>
      {labels.copy}
    </button>
  );
}
