import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { formatEuro } from "@/lib/format";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { DetailCard, Fact } from "./detail-card";

const pill = "inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700";

export async function OrderPayments({ order }: { order: AdminOrderDetail }) {
  const [t, format, locale] = await Promise.all([getTranslations("adminOrders.money"), getFormatter(), getLocale()]);
  const euro = (cents: number) => formatEuro(cents, locale);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <DetailCard title={t("title")} testId="order-payments">
      <dl className="tabular-nums">
        <Fact term={t("paid")} testId="order-paid">
          {euro(order.paidCents)}
        </Fact>
        <Fact term={t("refunded")} testId="order-refunded">
          {euro(order.refundedCents)}
        </Fact>
        <Fact term={t("refundable")} testId="order-refundable">
          {euro(order.refundableCents)}
        </Fact>
      </dl>
      <h3 className="mt-3 border-t border-stone-100 pt-3 text-xs font-medium text-stone-500">{t("attempts")}</h3>
      {order.payments.length === 0 ? (
        <p className="text-stone-500">{t("noPayments")}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {order.payments.map((p) => (
            <li key={p.id} className="space-y-0.5 py-2" data-testid="order-payment">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium tabular-nums">{euro(p.amountCents)}</span>
                <span className={pill}>{t(`paymentStatus.${p.status}`)}</span>
              </div>
              <p className="text-xs text-stone-500">
                {t(`provider.${p.provider}`)} · {when(p.createdAt)}
                {p.providerPaymentId && <span className="block font-mono break-all">{p.providerPaymentId}</span>}
              </p>
              {p.refundedCents > 0 && <p className="text-xs text-stone-600">{t("paymentRefunded", { amount: euro(p.refundedCents) })}</p>}
              {p.failureMessage && <p className="text-xs text-red-700">{p.failureMessage}</p>}
            </li>
          ))}
        </ul>
      )}
      {order.refunds.length > 0 && (
        <>
          <h3 className="mt-3 border-t border-stone-100 pt-3 text-xs font-medium text-stone-500">{t("refunds")}</h3>
          <ul className="divide-y divide-stone-100">
            {order.refunds.map((r) => (
              <li key={r.id} className="space-y-0.5 py-2" data-testid="order-refund">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium tabular-nums">{euro(r.amountCents)}</span>
                  <span className={pill}>{t(`refundStatus.${r.status}`)}</span>
                </div>
                <p className="text-xs text-stone-500">
                  {t(`source.${r.source}`)} · {when(r.createdAt)}
                </p>
                <p className="text-xs break-words text-stone-700">{r.reason}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </DetailCard>
  );
}

export async function OrderDocuments({ order }: { order: AdminOrderDetail }) {
  const [t, format, locale] = await Promise.all([getTranslations("adminOrders.documents"), getFormatter(), getLocale()]);
  return (
    <DetailCard title={t("title")} testId="order-documents">
      {order.invoices.length === 0 ? (
        <p className="text-stone-500">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {order.invoices.map((doc) => (
            <li
              key={doc.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid={doc.kind === "invoice" ? "order-invoice" : "order-credit-note"}
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {t(doc.kind)} <span className="font-mono">{doc.number}</span>
                </p>
                <p className="text-xs text-stone-500 tabular-nums">
                  {format.dateTime(new Date(doc.issuedAt), { dateStyle: "medium" })} · {formatEuro(doc.grossCents, locale)}
                </p>
              </div>
              <a
                href={doc.url}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary px-3 py-1.5 text-xs"
                aria-label={t("viewLabel", { number: doc.number })}
              >
                {t("view")}
              </a>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

export async function OrderFulfilment({ order }: { order: AdminOrderDetail }) {
  const [t, format] = await Promise.all([getTranslations("adminOrders.fulfilment"), getFormatter()]);
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—");
  return (
    <DetailCard title={t("title")} testId="order-fulfilment">
      <dl>
        <Fact term={t("placed")}>{when(order.createdAt)}</Fact>
        <Fact term={t("processed")}>{when(order.processedAt)}</Fact>
        <Fact term={t("shipped")}>{when(order.shippedAt)}</Fact>
        {order.carrier && <Fact term={t("carrier")}>{order.carrier}</Fact>}
        {order.trackingNumber && (
          <Fact term={t("trackingNumber")} testId="order-tracking-number">
            <span className="font-mono break-all">{order.trackingNumber}</span>
          </Fact>
        )}
        <Fact term={t("delivered")}>{when(order.deliveredAt)}</Fact>
        {order.cancelledAt && <Fact term={t("cancelled")}>{when(order.cancelledAt)}</Fact>}
        {order.cancelReason && (
          <Fact term={t("cancelReason")} testId="order-cancel-reason">
            {order.cancelReason}
          </Fact>
        )}
      </dl>
    </DetailCard>
  );
}
