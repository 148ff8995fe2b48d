"use client";

import { useTranslations } from "next-intl";
import { useEuro } from "./use-euro";

export interface TotalsValues {
  subtotalCents: number;
  /** Shown as its own line when a code took something off the goods. */
  discountCents?: number;
  discountCode?: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** A tax-free destination (export): the prices are net, so no VAT is "included". */
  taxTreatment?: string;
}

export function Totals({ values, testId }: { values: TotalsValues; testId?: string }) {
  const t = useTranslations("cart");
  const euro = useEuro();
  const rows: { key: string; label: string; value: string }[] = [
    { key: "subtotal", label: t("subtotal"), value: euro(values.subtotalCents) },
    ...(values.discountCents
      ? [{ key: "discount", label: t("discountLine", { code: values.discountCode ?? "" }), value: euro(-values.discountCents) }]
      : []),
    { key: "shipping", label: t("shipping"), value: values.shippingCents === 0 ? t("shippingFree") : euro(values.shippingCents) },
    { key: "vat", label: values.taxTreatment === "export" ? t("vatNone") : t("vat"), value: euro(values.taxCents) },
  ];
  return (
    <dl className="space-y-1 text-sm" data-testid={testId}>
      {rows.map((r) => (
        <div key={r.key} className="flex justify-between gap-4 text-stone-700" data-testid={`total-${r.key}`}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-semibold" data-testid="total-total">
        <dt>{t("total")}</dt>
        <dd>{euro(values.totalCents)}</dd>
      </div>
    </dl>
  );
}
