"use client";

import { useTranslations } from "next-intl";
import type { OrderDto } from "@/lib/schemas/orders";

type Status = OrderDto["status"];
type PaymentStatus = OrderDto["paymentStatus"];

export const STATUS_STYLE: Record<Status, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-stone-200 text-stone-700",
};

export function useOrderLabels() {
  const t = useTranslations("orders");
  const status: Record<Status, string> = {
    pending: t("statusPending"),
    processing: t("statusProcessing"),
    shipped: t("statusShipped"),
    delivered: t("statusDelivered"),
    cancelled: t("statusCancelled"),
  };
  const payment: Record<PaymentStatus, string> = {
    unpaid: t("paymentUnpaid"),
    paid: t("paymentPaid"),
    partially_refunded: t("paymentPartiallyRefunded"),
    refunded: t("paymentRefunded"),
  };
  return { status: (s: Status) => status[s], payment: (p: PaymentStatus) => payment[p] };
}
