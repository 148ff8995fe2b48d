import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { adminPackingSlipsUrl } from "@/lib/api-client/admin-orders";
import { OrderActionButtons, type OrderActionName } from "./order-action-buttons";
import { PaymentBadge, StatusBadge } from "./order-badges";
import { OPEN_ORDERS_PATH, ORDER_HISTORY_PATH } from "./paths";

export async function OrderDetailHeader({ order }: { order: AdminOrderDetail }) {
  const [t, format] = await Promise.all([getTranslations("adminOrders"), getFormatter()]);
  const open = order.status === "pending" || order.status === "processing";
  // Revoking the order links is possible in every state: a link shows the order as long as it lives.
  const actions: OrderActionName[] = [
    ...order.actions,
    ...(order.canRefund ? (["refund"] as const) : []),
    ...(order.canResendReceipt ? (["resendReceipt"] as const) : []),
    "revokeLinks",
  ];
  const invoice = order.invoices.find((i) => i.kind === "invoice");
  return (
    <header className="space-y-3" data-testid="order-header">
      <Link href={open ? OPEN_ORDERS_PATH : ORDER_HISTORY_PATH} className="text-sm text-brand-700 hover:underline">
        ← {open ? t("backToOpen") : t("backToHistory")}
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-semibold" data-testid="order-number">
          {t("detailTitle", { number: order.orderNumber })}
        </h1>
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={order.status} />
          <PaymentBadge status={order.paymentStatus} />
        </span>
      </div>
      <p className="text-sm text-stone-600">
        {t("placedOn", { date: format.dateTime(new Date(order.createdAt), { dateStyle: "full", timeStyle: "short" }) })}
      </p>
      <div className="flex flex-wrap items-center gap-2" data-testid="order-actions">
        <OrderActionButtons
          order={{
            id: order.id,
            orderNumber: order.orderNumber,
            status: order.status,
            email: order.email,
            keptCents: order.paidCents - order.refundedCents,
            refundableCents: order.refundableCents,
          }}
          actions={actions}
        />
        <a
          href={adminPackingSlipsUrl([order.id])}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
          data-testid="order-packing-slip"
        >
          {t("packingSlip")}
        </a>
        {invoice && (
          <a href={invoice.url} target="_blank" rel="noopener noreferrer" className="btn-secondary" data-testid="order-view-invoice">
            {t("viewInvoice")}
          </a>
        )}
      </div>
    </header>
  );
}
