"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { invoiceUrl, orderQueries, ordersApi, receiptUrl } from "@/lib/api-client/orders";
import type { OrderDto } from "@/lib/schemas/orders";
import { Totals } from "@/components/shop/cart/totals";
import { CancelOrderButton } from "./cancel-order";
import { OrderBadges } from "./order-badges";
import { OrderItems } from "./order-details";
import { OrderDocuments } from "./order-documents";
import { OrderFulfilment } from "./order-fulfilment";
import type { PdfDownload } from "./use-pdf-download";

export function OrderCard(props: { order: OrderDto; downloading: string | null; onDownload: (d: PdfDownload) => void }) {
  const { order } = props;
  const t = useTranslations("orders");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const date = format.dateTime(new Date(order.createdAt), { dateStyle: "medium", timeStyle: "short" });
  const payable = order.paymentStatus === "unpaid" && order.status === "pending";

  return (
    <li
      className="card space-y-4"
      data-testid="order-card"
      data-order-id={order.id}
      data-order-number={order.orderNumber}
      data-status={order.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold" data-testid="order-number">
            {t("orderNumber", { number: order.orderNumber })}
          </h2>
          <p className="text-sm text-stone-600">
            <time dateTime={order.createdAt}>{t("placedOn", { date })}</time>
          </p>
        </div>
        <OrderBadges order={order} />
      </div>
      <OrderFulfilment order={order} />
      <OrderItems order={order} />
      <div className="sm:ml-auto sm:max-w-xs">
        <Totals values={order} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {payable && (
          <Link href={`/checkout?orderId=${encodeURIComponent(order.id)}`} className="btn-primary">
            {t("payNow")}
          </Link>
        )}
        <OrderDocuments
          order={order}
          links={{ receipt: receiptUrl(order.id), invoice: (noteId) => invoiceUrl(order.id, noteId) }}
          downloading={props.downloading}
          onDownload={props.onDownload}
        />
        {order.cancellable && (
          <CancelOrderButton
            order={order}
            cancel={() => ordersApi.cancel(order.id)}
            onCancelled={() => toast.success(t("cancelled", { number: order.orderNumber }))}
            onSettled={() => queryClient.invalidateQueries({ queryKey: orderQueries.list().queryKey })}
          />
        )}
      </div>
    </li>
  );
}
