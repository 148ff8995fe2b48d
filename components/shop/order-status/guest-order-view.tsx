"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { guestOrdersApi } from "@/lib/api-client/guest-orders";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { OrderDetails } from "@/components/shop/orders/order-details";
import { OrderFulfilment } from "@/components/shop/orders/order-fulfilment";
import { STATUS_STYLE, useOrderLabels } from "@/components/shop/orders/order-labels";
import { usePdfDownload } from "@/components/shop/orders/use-pdf-download";
import { GuestOrderDocuments } from "./guest-order-documents";
import { SetPasswordForm } from "./set-password-form";

/**
 * /order-status/{token}: one order opened with the signed link from an order mail, without signing
 * in — number, states, shipping progress, lines, totals, addresses, invoice and credit notes,
 * "Cancel order" while allowed, and for a guest account "set a password to keep your orders"; a link
 * too old to change the order says so (with "Sign in") instead of offering those.
 */
export function GuestOrderView({ token, initial }: { token: string; initial: GuestOrderDto }) {
  const t = useTranslations("orderStatus");
  const to = useTranslations("orders");
  const format = useFormatter();
  const labels = useOrderLabels();
  const [order, setOrder] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const pdf = usePdfDownload();

  const cancel = useMutation({
    mutationFn: () => guestOrdersApi.cancel(token),
    onSuccess: (next) => {
      setOrder(next);
      setConfirming(false);
      toast.success(to("cancelled", { number: next.orderNumber }));
    },
    onError: (err) => {
      setConfirming(false);
      toast.error(err instanceof Error ? err.message : String(err));
    },
  });

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
        <dl className="flex flex-wrap gap-2 text-xs font-medium">
          <div className={`rounded-full px-2 py-0.5 ${STATUS_STYLE[order.status]}`}>
            <dt className="sr-only">{to("status")}</dt>
            <dd data-testid="order-status">{labels.status(order.status)}</dd>
          </div>
          <div className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-800">
            <dt className="inline">{to("payment")}: </dt>
            <dd className="inline" data-testid="order-payment-status">
              {labels.payment(order.paymentStatus)}
            </dd>
          </div>
        </dl>
        <OrderFulfilment order={order} />
        <OrderDetails order={order} />
        {(order.invoiceAvailable || order.creditNotes.length > 0 || order.cancellable) && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4">
            <GuestOrderDocuments token={token} order={order} downloading={pdf.downloading} onDownload={pdf.download} />
            {order.cancellable && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setConfirming(true)}
                aria-label={to("cancelLabel", { number: order.orderNumber })}
                data-testid="cancel-order"
              >
                {to("cancel")}
              </button>
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

      <ConfirmDialog
        open={confirming}
        title={to("confirmCancelTitle", { number: order.orderNumber })}
        confirmLabel={to("cancel")}
        cancelLabel={to("keepOrder")}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-stone-600">{order.paymentStatus === "paid" ? to("confirmCancelPaid") : to("confirmCancelText")}</p>
      </ConfirmDialog>
    </div>
  );
}
