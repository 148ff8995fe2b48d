"use client";

import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { formatEuro } from "@/lib/format";
import type { AdminOrderRow } from "@/lib/schemas/admin-orders";
import { OrderActionButtons } from "./order-action-buttons";
import { PaymentBadge, StatusBadge } from "./order-badges";
import { orderDetailPath } from "./paths";

/** A label in front of a value only where rows are stacked cards (phones); the table header names it otherwise. */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

/** The list's row actions: Process Order and Mark as Completed (and delivered), when the transition table allows them. */
const ROW_ACTIONS = ["process", "complete", "deliver"] as const;

/**
 * The order rows: a stateless client component (HTML rendered on the server, rows in the RSC payload as data). From the lg breakpoint a table; below it every row is a
 * stacked card. Action buttons are answered by the page's one OrderActionHost.
 */
export function OrderTable({ items }: { items: AdminOrderRow[] }) {
  const t = useTranslations("adminOrders");
  const format = useFormatter();
  const locale = useLocale();
  const cell = "block py-0.5 rt-cell-top";
  const th = "px-3 py-2 font-medium";
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="rt-table" data-testid="order-table">
        <thead className="rt-head">
          <tr>
            <th scope="col" className={th}>
              {t("columns.order")}
            </th>
            <th scope="col" className={th}>
              {t("columns.customer")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("columns.items")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("columns.total")}
            </th>
            <th scope="col" className={th}>
              {t("columns.status")}
            </th>
            <th scope="col" className={th}>
              {t("columns.tracking")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="rt-body">
          {items.map((o) => {
            const actions = o.actions.filter((a): a is (typeof ROW_ACTIONS)[number] => (ROW_ACTIONS as readonly string[]).includes(a));
            const keptCents = o.paymentStatus === "unpaid" ? 0 : Math.max(0, o.totalCents - o.refundedCents);
            return (
              <tr key={o.id} className="rt-row" data-testid="order-row" data-order-number={o.orderNumber}>
                <td className={cell}>
                  <Link
                    href={orderDetailPath(o.id)}
                    className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                    data-testid="order-link"
                  >
                    {o.orderNumber}
                  </Link>
                  <span className="block text-xs whitespace-nowrap text-stone-500">
                    {format.dateTime(new Date(o.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                  </span>
                </td>
                <td className={`${cell} min-w-0 lg:max-w-56`}>
                  <span className="block font-medium break-words">{o.customerName}</span>
                  <a href={`mailto:${o.email}`} className="block text-xs break-all text-stone-600 hover:underline">
                    {o.email}
                  </a>
                </td>
                <td className={`${cell} lg:text-right`}>
                  <CellLabel>{t("columns.items")}</CellLabel>
                  {o.itemCount}
                </td>
                <td className={`${cell} whitespace-nowrap lg:text-right`}>
                  <CellLabel>{t("columns.total")}</CellLabel>
                  <span className="font-medium">{formatEuro(o.totalCents, locale)}</span>
                  {o.refundedCents > 0 && (
                    <span className="block text-xs text-stone-500">
                      {t("refundedAmount", { amount: formatEuro(o.refundedCents, locale) })}
                    </span>
                  )}
                </td>
                <td className={cell}>
                  <span className="flex flex-wrap gap-1 py-1 lg:py-0">
                    <StatusBadge status={o.status} />
                    <PaymentBadge status={o.paymentStatus} />
                  </span>
                </td>
                <td className={`${o.trackingNumber ? "block" : "hidden"} py-0.5 rt-cell-top`}>
                  {o.trackingNumber && (
                    <>
                      <CellLabel>{t("columns.tracking")}</CellLabel>
                      <span className="font-mono text-xs break-all" data-testid="order-tracking">
                        {o.trackingNumber}
                      </span>
                    </>
                  )}
                </td>
                <td className={`${actions.length > 0 ? "block" : "hidden"} pt-2 rt-cell-top`}>
                  <OrderActionButtons
                    order={{ id: o.id, orderNumber: o.orderNumber, status: o.status, email: o.email, keptCents }}
                    actions={actions}
                    compact
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
