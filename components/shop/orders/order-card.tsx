"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { invoiceUrl, orderQueries, ordersApi, receiptUrl } from "@/lib/api-client/orders";
import type { OrderDto } from "@/lib/schemas/orders";
import { OrderView } from "./order-view";

/** One order of My orders: the signed-in routes for documents and cancel, and "pay now" while unpaid. */
export function OrderCard({ order }: { order: OrderDto }) {
  const t = useTranslations("orders");
  const queryClient = useQueryClient();
  const payable = order.paymentStatus === "unpaid" && order.status === "pending";

  return (
    <OrderView
      order={order}
      layout="listItem"
      testId="order-card"
      links={{ receipt: receiptUrl(order.id), invoice: (noteId) => invoiceUrl(order.id, noteId) }}
      cancel={() => ordersApi.cancel(order.id)}
      onCancelSettled={() => queryClient.invalidateQueries({ queryKey: orderQueries.list().queryKey })}
      actions={
        payable && (
          <Link href={`/checkout?orderId=${encodeURIComponent(order.id)}`} className="btn-primary">
            {t("payNow")}
          </Link>
        )
      }
    />
  );
}
