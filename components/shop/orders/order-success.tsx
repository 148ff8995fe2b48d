"use client";

import { useEffect } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { orderQueries } from "@/lib/api-client/orders";
import { guestOrdersApi } from "@/lib/api-client/guest-orders";
import { sessionQuery } from "@/lib/api-client/session";
import { SetPasswordForm } from "@/components/shop/order-status/set-password-form";
import { endCheckout } from "@/components/shop/checkout/idempotency-key";
import { forgetOrderedDesign } from "@/components/shop/editor/persistence";
import { OrderDetails } from "./order-details";
import { LoadFailed } from "@/components/ui/query-state";

/** Also the return address of Stripe's redirect-based payment methods (`redirect_status` in the query). */
export function OrderSuccess({ orderId, redirectStatus }: { orderId: string; redirectStatus: string | null }) {
  const t = useTranslations("orders");
  const tp = useTranslations("payment");
  const router = useRouter();
  const order = useQuery(orderQueries.detail(orderId));
  const session = useQuery(sessionQuery);
  // A guest (no password yet) may keep this order beyond the browser cookie by setting a password here.
  const guestEmail = session.data?.roles.includes("guest") ? (session.data.user?.email ?? null) : null;

  useEffect(() => {
    if (!redirectStatus) return;
    endCheckout();
    if (redirectStatus === "failed") router.replace(`/payment-failure?orderId=${encodeURIComponent(orderId)}`);
    else toast.success(tp("orderPlaced"));
  }, [redirectStatus, orderId, router, tp]);

  // Paid: the editor opens fresh next time instead of on the design just bought. Not before: a failed or
  // abandoned payment keeps the design for another try.
  const paidItems = order.data?.paymentStatus === "paid" ? order.data.items : null;
  useEffect(() => {
    if (paidItems) void forgetOrderedDesign(paidItems.map((i) => i.imageUrl));
  }, [paidItems]);

  if (order.isPending) {
    return (
      <p role="status" className="card text-stone-600">
        {t("loading")}
      </p>
    );
  }
  if (order.isError) {
    return (
      <LoadFailed message={t("orderLoadFailed")}>
        <Link href="/orders" className="btn-secondary">
          {t("myOrders")}
        </Link>
      </LoadFailed>
    );
  }
  const o = order.data;
  return (
    <div className="space-y-6" data-testid="order-success">
      <div className="card space-y-2 border-green-300 bg-green-50">
        <h1 className="text-2xl font-semibold text-green-900">{t("successTitle")}</h1>
        <p className="text-green-900" data-testid="order-success-number">
          {t("successNumber", { number: o.orderNumber })}
        </p>
        <p className="text-sm text-green-900">{t("successEmail", { email: o.email })}</p>
        {o.paymentStatus === "unpaid" && (
          <p role="status" className="text-sm text-amber-800">
            {tp("processingNotice")}
          </p>
        )}
      </div>
      {guestEmail && <SetPasswordForm email={guestEmail} submit={(password) => guestOrdersApi.claim({ password })} />}
      <section className="card" aria-label={t("detailsTitle")}>
        <OrderDetails order={o} />
      </section>
      <div className="flex flex-wrap gap-2">
        <Link href="/orders" className="btn-secondary">
          {t("myOrders")}
        </Link>
        <Link href="/" className="btn-primary">
          {t("designAnother")}
        </Link>
      </div>
    </div>
  );
}
