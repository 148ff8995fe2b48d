"use client";

import { useId, type ReactNode } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEuro } from "@/components/shop/cart/use-euro";
import { LEGAL_PATHS } from "@/components/shop/legal/legal-paths";

const legalLink = (href: string) =>
  function LegalLink(chunks: ReactNode) {
    return (
      <Link href={href} target="_blank" rel="noopener" className="text-brand-700 underline">
        {chunks}
      </Link>
    );
  };

export const LEGAL_LINKS = {
  terms: legalLink(LEGAL_PATHS.terms),
  privacy: legalLink(LEGAL_PATHS.privacy),
  withdrawal: legalLink(LEGAL_PATHS.withdrawal),
};

export function WithdrawalWaiver(props: { checked: boolean; error?: string; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations("checkout");
  const id = useId();
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="withdrawal-waiver">
      <p id={`${id}-statement`}>{t.rich("waiverStatement", LEGAL_LINKS)}</p>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name="acceptWithdrawalWaiver"
          className="check"
          required
          checked={props.checked}
          disabled={props.disabled}
          aria-invalid={!!props.error}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(ev) => props.onChange(ev.target.checked)}
        />
        <label htmlFor={id} className="font-medium">
          {t("waiverConfirm")}&nbsp;*
        </label>
      </div>
      {props.error && (
        <p id={`${id}-error`} className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function PlaceOrderButton({ totalCents, busy }: { totalCents: number; busy: boolean }) {
  const t = useTranslations("checkout");
  const euro = useEuro();
  return (
    <div className="space-y-3">
      <p className="flex items-baseline justify-between gap-4 text-base font-semibold" data-testid="order-total-line">
        <span>{t("orderTotal")}</span>
        <span>{euro(totalCents)}</span>
      </p>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy} data-testid="pay-button">
        {busy ? t("paying") : t("placeOrder")}
      </button>
      <p className="text-xs text-stone-600" data-testid="checkout-legal-links">
        {t.rich("legalNotice", LEGAL_LINKS)}
      </p>
    </div>
  );
}
