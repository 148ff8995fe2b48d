import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { OrderDto } from "@/lib/schemas/orders";

export async function PaymentFailure({ order, supportEmail }: { order: OrderDto | null; supportEmail: string | null }) {
  const [t, to] = await Promise.all([getTranslations("payment"), getTranslations("orders")]);
  const payable = !order || (order.paymentStatus === "unpaid" && order.status === "pending");
  const retryHref = order ? `/checkout?orderId=${encodeURIComponent(order.id)}` : "/checkout";
  const subject = order ? t("supportSubjectOrder", { orderId: order.orderNumber }) : t("supportSubject");
  const support = `mailto:${supportEmail ?? t("supportEmail")}?subject=${encodeURIComponent(subject)}`;
  return (
    <section className="mx-auto max-w-xl space-y-6" data-testid="payment-failure">
      <div className="card space-y-3 border-red-200" role="alert">
        <h1 className="text-2xl font-semibold text-red-800">{t("failureTitle")}</h1>
        <p className="text-stone-700">{t("failureText")}</p>
        {order && (
          <div
            className="space-y-1 rounded-md bg-red-50 p-3 text-sm text-red-900"
            data-testid="payment-failure-order"
            data-order-number={order.orderNumber}
          >
            <p className="font-medium">
              {payable ? to("failureOrder", { number: order.orderNumber }) : to("failureSettled", { number: order.orderNumber })}
            </p>
            {payable && order.paymentFailureMessage && (
              <p data-testid="payment-failure-reason">{to("failureReason", { reason: order.paymentFailureMessage })}</p>
            )}
          </div>
        )}
      </div>
      <nav aria-label={t("failureOptions")} className="flex flex-wrap gap-2">
        {payable && (
          <Link href={retryHref} className="btn-primary">
            {t("retry")}
          </Link>
        )}
        {!payable && (
          <Link href="/orders" className="btn-primary">
            {to("myOrders")}
          </Link>
        )}
        <Link href="/cart" className="btn-secondary">
          {t("viewCart")}
        </Link>
        <Link href="/" className="btn-secondary">
          {t("continueShopping")}
        </Link>
        <a href={support} className="btn-secondary">
          {t("contactSupport")}
        </a>
      </nav>
    </section>
  );
}
