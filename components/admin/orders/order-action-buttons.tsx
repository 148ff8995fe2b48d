import { useTranslations } from "next-intl";
import type { AdminOrderRow } from "@/lib/schemas/admin-orders";

export type OrderActionName = AdminOrderRow["actions"][number] | "refund" | "resendReceipt" | "revokeLinks";

export interface OrderActionSubject {
  id: string;
  orderNumber: string;
  status: AdminOrderRow["status"];
  email: string;
  /** What was paid and is not refunded (a cancellation refunds it). */
  keptCents: number;
  refundableCents?: number;
}

const STYLE: Record<OrderActionName, string> = {
  process: "btn-primary",
  complete: "btn-primary",
  deliver: "btn-secondary",
  cancel: "btn-secondary text-red-700",
  refund: "btn-secondary",
  resendReceipt: "btn-secondary",
  revokeLinks: "btn-secondary",
};

export function OrderActionButtons({
  order,
  actions,
  compact = false,
}: {
  order: OrderActionSubject;
  actions: readonly OrderActionName[];
  compact?: boolean;
}) {
  const t = useTranslations("adminOrders.actions");
  if (actions.length === 0) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${compact ? "lg:justify-end" : ""}`}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`${STYLE[action]} ${compact ? "px-3 py-1.5 text-xs" : ""}`}
          aria-label={t(`${action}Label`, { number: order.orderNumber })}
          data-row-action={action}
          data-row-id={order.id}
          data-row-label={order.orderNumber}
          data-status={order.status}
          data-email={order.email}
          data-kept-cents={order.keptCents}
          data-refundable-cents={order.refundableCents}
          data-testid={`order-action-${action}`}
        >
          {t(action)}
        </button>
      ))}
    </div>
  );
}
