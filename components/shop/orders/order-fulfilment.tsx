"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { OrderDto } from "@/lib/schemas/orders";
import { trackingUrl } from "@/lib/domain/tracking";

export function OrderFulfilment({ order }: { order: OrderDto }) {
  const t = useTranslations("orders");
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const rows: { key: string; label: string; value: string; href?: string }[] = [];
  if (order.shippedAt) rows.push({ key: "shipped", label: t("shippedLabel"), value: date(order.shippedAt) });
  if (order.shippedAt && order.carrier) rows.push({ key: "carrier", label: t("carrier"), value: order.carrier });
  if (order.shippedAt && order.trackingNumber) {
    const href = trackingUrl(order.carrier, order.trackingNumber) ?? undefined;
    rows.push({ key: "tracking", label: t("trackingNumber"), value: order.trackingNumber, href });
  }
  if (order.deliveredAt) rows.push({ key: "delivered", label: t("deliveredLabel"), value: date(order.deliveredAt) });
  if (order.status === "cancelled" && order.cancelledAt)
    rows.push({ key: "cancelled", label: t("cancelledLabel"), value: date(order.cancelledAt) });

  if (order.status === "processing") {
    return (
      <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="order-processing-note">
        {t("processingNote")}
      </p>
    );
  }
  if (rows.length === 0) return null;
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-stone-50 px-3 py-2 text-sm sm:gap-x-6"
      aria-label={t("fulfilmentLabel")}
      data-testid="order-fulfilment"
    >
      {rows.map((row) => (
        <div key={row.key} className="contents" data-testid={`order-${row.key}`}>
          <dt className="text-stone-600">{row.label}</dt>
          <dd className={row.key === "tracking" ? "font-mono font-medium break-all" : "font-medium"}>
            {row.href ? (
              <a
                href={row.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline"
                aria-label={t("trackParcel", { number: row.value })}
              >
                {row.value}
              </a>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
