"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { orderQueries, ordersApi } from "@/lib/api-client/orders";
import type { OrderDto } from "@/lib/schemas/orders";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Totals } from "@/components/shop/cart/totals";
import { OrderItems } from "./order-details";
import { OrderDocuments } from "./order-documents";
import { OrderFulfilment } from "./order-fulfilment";
import { STATUS_STYLE, useOrderLabels } from "./order-labels";
import type { PdfDownload } from "./use-pdf-download";

/**
 * One order in My orders: number, states, date, shipping progress (carrier, tracking number), items,
 * totals; pay an unpaid pending order, receipt/invoice/credit notes of a paid one, cancel while allowed.
 */
export function OrderCard(props: { order: OrderDto; downloading: string | null; onDownload: (d: PdfDownload) => void }) {
  const { order } = props;
  const t = useTranslations("orders");
  const format = useFormatter();
  const labels = useOrderLabels();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const cancel = useMutation({
    mutationFn: () => ordersApi.cancel(order.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t("cancelled", { number: order.orderNumber }));
    },
    onError: () => setConfirming(false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueries.list().queryKey }),
  });

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
        <OrderDocuments order={order} downloading={props.downloading} onDownload={props.onDownload} />
        {order.cancellable && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setConfirming(true)}
            aria-label={t("cancelLabel", { number: order.orderNumber })}
          >
            {t("cancel")}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("confirmCancelTitle", { number: order.orderNumber })}
        confirmLabel={t("cancel")}
        cancelLabel={t("keepOrder")}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-stone-600">{order.paymentStatus === "paid" ? t("confirmCancelPaid") : t("confirmCancelText")}</p>
      </ConfirmDialog>
    </li>
  );
}
