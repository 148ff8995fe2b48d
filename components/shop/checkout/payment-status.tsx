"use client";

import { useTranslations } from "next-intl";
import type { PaymentPhase } from "./payment-method";

export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-stone-200 border-t-brand-600" aria-hidden />
      {label}
    </p>
  );
}

export function PaymentStatus({ phase }: { phase: PaymentPhase }) {
  const t = useTranslations("payment");
  if (phase.phase === "idle") return null;
  const common = { "data-testid": "payment-status", "data-state": phase.phase } as const;
  switch (phase.phase) {
    case "preparing":
      return (
        <div {...common}>
          <Spinner label={t("preparing")} />
        </div>
      );
    case "processing":
      return (
        <div {...common}>
          <Spinner label={t("processing")} />
        </div>
      );
    case "notReady":
      return (
        <p role="alert" className="text-sm text-amber-800" {...common}>
          {t("formNotReady")}
        </p>
      );
    case "needsAction":
      return (
        <p role="status" className="text-sm text-sky-800" {...common}>
          {t("needsMoreSteps")}
        </p>
      );
    case "succeeded":
      return (
        <p role="status" className="text-sm font-medium text-green-700" {...common}>
          {t("succeeded")}
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" {...common}>
          {phase.message}
        </p>
      );
  }
}
