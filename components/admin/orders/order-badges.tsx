import { useTranslations } from "next-intl";
import type { AdminOrderRow } from "@/lib/schemas/admin-orders";

const STATUS_TONE: Record<AdminOrderRow["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-stone-200 text-stone-700",
};

const PAYMENT_TONE: Record<AdminOrderRow["paymentStatus"], string> = {
  unpaid: "bg-red-50 text-red-800 ring-1 ring-red-200",
  paid: "bg-green-50 text-green-800 ring-1 ring-green-200",
  partially_refunded: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
  refunded: "bg-stone-100 text-stone-700 ring-1 ring-stone-300",
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

export function StatusBadge({ status }: { status: AdminOrderRow["status"] }) {
  const t = useTranslations("adminOrders.status");
  return (
    <span className={`${badge} ${STATUS_TONE[status]}`} data-testid="order-status" data-status={status}>
      {t(status)}
    </span>
  );
}

export function PaymentBadge({ status }: { status: AdminOrderRow["paymentStatus"] }) {
  const t = useTranslations("adminOrders.payment");
  return (
    <span className={`${badge} ${PAYMENT_TONE[status]}`} data-testid="order-payment-status" data-status={status}>
      {t(status)}
    </span>
  );
}
