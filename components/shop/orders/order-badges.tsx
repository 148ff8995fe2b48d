"use client";

import { useTranslations } from "next-intl";
import type { OrderDto } from "@/lib/schemas/orders";
import { STATUS_STYLE, useOrderLabels } from "./order-labels";

export function OrderBadges({ order }: { order: Pick<OrderDto, "status" | "paymentStatus"> }) {
  const t = useTranslations("orders");
  const labels = useOrderLabels();
  return (
    <dl className="flex flex-wrap gap-2 text-xs font-medium">
      <div className={`rounded-full px-2 py-0.5 ${STATUS_STYLE[order.status]}`}>
        <dt className="sr-only">{t("status")}</dt>
        <dd data-testid="order-status">{labels.status(order.status)}</dd>
      </div>
      <div className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-800">
        <dt className="inline">{t("payment")}: </dt>
        <dd className="inline" data-testid="order-payment-status">
          {labels.payment(order.paymentStatus)}
        </dd>
      </div>
    </dl>
  );
}
