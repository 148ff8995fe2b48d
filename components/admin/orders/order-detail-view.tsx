import { getTranslations } from "next-intl/server";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { OrderActionHost } from "./order-action-host";
import { OrderCustomer } from "./order-customer";
import { OrderDetailHeader } from "./order-detail-header";
import { OrderLines } from "./order-lines";
import { OrderDocuments, OrderFulfilment, OrderPayments } from "./order-money";
import { OrderTimeline } from "./order-timeline";
import { ProductionSheet } from "./production-sheet";

export async function OrderDetailView({ order }: { order: AdminOrderDetail }) {
  const t = await getTranslations("adminOrders.production");
  return (
    <section className="space-y-4" data-testid="order-detail" data-order-id={order.id}>
      <OrderActionHost />
      <OrderDetailHeader order={order} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <OrderLines order={order} />
          <section className="space-y-3" aria-label={t("sectionTitle")}>
            <h2 className="text-lg font-semibold">{t("sectionTitle")}</h2>
            {order.items.map((line, index) => (
              <ProductionSheet key={line.id} line={line} position={index + 1} withdrawalWaiverAt={order.withdrawalWaiverAt} />
            ))}
          </section>
          <OrderTimeline timeline={order.timeline} />
        </div>
        <div className="min-w-0 space-y-4">
          <OrderCustomer order={order} />
          <OrderFulfilment order={order} />
          <OrderPayments order={order} />
          <OrderDocuments order={order} />
        </div>
      </div>
    </section>
  );
}
