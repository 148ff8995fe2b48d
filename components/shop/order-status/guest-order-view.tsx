"use client";

import { useState } from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { guestInvoiceUrl, guestOrdersApi } from "@/lib/api-client/guest-orders";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { CancelOrderButton } from "@/components/shop/orders/cancel-order";
import { OrderBadges } from "@/components/shop/orders/order-badges";
import { OrderDetails } from "@/components/shop/orders/order-details";
import { OrderDocuments } from "@/components/shop/orders/order-documents";
import { OrderFulfilment } from "@/components/shop/orders/order-fulfilment";
import { usePdfDownload } from "@/components/shop/orders/use-pdf-download";
import { SetPasswordForm } from "./set-password-form";

export function GuestOrderView({ token, initial }: { token: string; initial: GuestOrderDto }) {
  const t = useTranslations("orderStatus");
  const to = useTranslations("orders");
  const format = useFormatter();
  const [order, setOrder] = useState(initial);
  const pdf = usePdfDownload();

  const date = format.dateTime(new Date(order.createdAt), { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="guest-order" data-order-id={order.id} data-status={order.status}>
      <div className="space-y-1">
        <p className="text-sm font-medium text-stone-600">{t("title")}</p>
        <h1 className="text-2xl font-semibold break-words" data-testid="order-number">
          {to("orderNumber", { number: order.orderNumber })}
        </h1>
        <p className="text-sm text-stone-600">
          <time dateTime={order.createdAt}>{to("placedOn", { date })}</time>
        </p>
        <p className="text-sm text-stone-600">{t("intro")}</p>
      </div>

      <section className="card space-y-4" aria-label={to("detailsTitle")}>
        <OrderBadges order={order} />
        <OrderFulfilment order={order} />
        <OrderDetails order={order} />
        {(order.invoiceAvailable || order.creditNotes.length > 0 || order.cancellable) && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4">
            <OrderDocuments
              order={order}
              links={{ invoice: (noteId) => guestInvoiceUrl(token, noteId) }}
              downloading={pdf.downloading}
              onDownload={pdf.download}
            />
            {order.cancellable && (
              <CancelOrderButton
                order={order}
                cancel={() => guestOrdersApi.cancel(token)}
                onCancelled={(next) => {
                  setOrder(next);
                  toast.success(to("cancelled", { number: next.orderNumber }));
                }}
                onFailed={(err) => toast.error(err.message)}
                testId="cancel-order"
              />
            )}
          </div>
        )}
      </section>

      {order.actionsExpired && (
        <section className="card flex flex-wrap items-center justify-between gap-3" data-testid="actions-expired">
          <p className="text-sm text-stone-700">{t("actionsExpired")}</p>
          <Link href="/login?callbackUrl=%2Forders" className="btn-secondary">
            {t("signIn")}
          </Link>
        </section>
      )}
      {order.canSetPassword && (
        <SetPasswordForm email={order.email} submit={(password) => guestOrdersApi.setPassword(token, { password })} />
      )}
      {order.accountExists && (
        <section className="card flex flex-wrap items-center justify-between gap-3" data-testid="account-exists">
          <p className="text-sm text-stone-700">{t("accountExists", { email: order.email })}</p>
          <Link href="/login?callbackUrl=%2Forders" className="btn-secondary">
            {t("signIn")}
          </Link>
        </section>
      )}
    </div>
  );
}
