"use client";

import { useRef, type FormEvent } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { orderQueries, ordersApi } from "@/lib/api-client/orders";
import { useEuro } from "@/components/shop/cart/use-euro";
import { AddressBlock } from "@/components/shop/orders/order-details";
import { CheckoutSummary } from "./checkout-summary";
import { PaymentPanel } from "./payment-panel";
import { PaymentStatus, Spinner } from "./payment-status";
import { usePaymentFlow } from "./use-payment-flow";
import { LoadFailed } from "@/components/ui/query-state";
import { focusFirstError } from "@/components/ui/focus-first-error";
import { colourLocale, lineColour } from "@/lib/domain/colour-name";

export function RetryPayment({ orderId }: { orderId: string }) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const to = useTranslations("orders");
  const euro = useEuro();
  const order = useQuery(orderQueries.detail(orderId));
  const flow = usePaymentFlow({ newCheckout: false });
  const formRef = useRef<HTMLFormElement>(null);

  if (order.isPending) return <Spinner label={to("loading")} />;
  if (order.isError) {
    return (
      <LoadFailed message={to("orderLoadFailed")}>
        <Link href="/orders" className="btn-secondary">
          {to("myOrders")}
        </Link>
      </LoadFailed>
    );
  }
  const o = order.data;
  if (o.paymentStatus !== "unpaid" || o.status !== "pending") {
    return (
      <div className="card space-y-3" role="status" data-testid="retry-not-possible">
        <p className="text-stone-700">{t("retryNotPossible", { number: o.orderNumber })}</p>
        <Link href="/orders" className="btn-secondary">
          {to("myOrders")}
        </Link>
      </div>
    );
  }

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    // Refused card details: the first faulty field gets focus.
    void flow.pay(async () => ({ orderId, payment: await ordersApi.retryPayment(orderId) })).then(() => focusFirstError(formRef.current));
  };
  const lines = o.items.map((item) => ({
    key: item.id,
    imageUrl: item.mockups.front ?? item.imageUrl,
    name: item.articleName,
    detail: lineColour(item, colourLocale(locale)),
    quantity: item.quantity,
    totalCents: item.totalCents,
  }));

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" data-testid="retry-form" aria-busy={flow.busy}>
        <div className="card space-y-4">
          <p className="font-medium" data-testid="retry-order-number">
            {t("retryIntro", { number: o.orderNumber })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressBlock title={t("shippingTitle")} address={o.shippingAddress} />
            <AddressBlock title={t("billingTitle")} address={o.billingAddress} />
          </div>
        </div>
        <PaymentPanel amountCents={o.totalCents} disabled={flow.busy} onMethod={flow.onMethod} onUnavailable={flow.fail} />
        <div className="space-y-3">
          <PaymentStatus phase={flow.phase} />
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={flow.busy} data-testid="pay-button">
            {flow.busy ? t("paying") : t("pay", { total: euro(o.totalCents) })}
          </button>
        </div>
      </form>
      <CheckoutSummary lines={lines} totals={o} />
    </div>
  );
}
