"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminMailDto } from "@/lib/schemas/admin-orders";
import { orderDetailPath } from "@/components/admin/orders/paths";

const STATUS_TONE: Record<AdminMailDto["status"], string> = {
  queued: "bg-sky-100 text-sky-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

/** A label in front of a value only where rows are stacked cards (phones); the table header names it otherwise. */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

/**
 * The outbox rows: a stateless client component (HTML rendered on the server, rows in the RSC payload as data). From the lg breakpoint a table; below it every mail is
 * a stacked card. The Resend buttons are answered by the page's one MailRowActions host.
 */
export function MailTable({ items }: { items: AdminMailDto[] }) {
  const t = useTranslations("adminMail");
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const cell = "block py-0.5 rt-cell-top";
  const th = "px-3 py-2 font-medium";
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="rt-table" data-testid="mail-table">
        <thead className="rt-head">
          <tr>
            <th scope="col" className={th}>
              {t("columns.created")}
            </th>
            <th scope="col" className={th}>
              {t("columns.message")}
            </th>
            <th scope="col" className={th}>
              {t("columns.order")}
            </th>
            <th scope="col" className={th}>
              {t("columns.status")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="rt-body">
          {items.map((m) => (
            <tr key={m.id} className="rt-row" data-testid="mail-row" data-mail-id={m.id} data-status={m.status}>
              <td className={`${cell} whitespace-nowrap text-stone-600`}>
                {when(m.createdAt)}
                <span className="ml-2 text-xs text-stone-500 lg:ml-0 lg:block">{t(`kind.${m.kind}`)}</span>
              </td>
              <td className={`${cell} min-w-0 lg:max-w-96`}>
                <span className="block font-medium break-words" data-testid="mail-subject">
                  {m.subject}
                </span>
                <span className="block text-xs break-all text-stone-600" data-testid="mail-to">
                  {m.to}
                </span>
              </td>
              <td className={`${m.orderId ? "block" : "hidden"} py-0.5 rt-cell-top`}>
                {m.orderId && (
                  <>
                    <CellLabel>{t("columns.order")}</CellLabel>
                    <Link
                      href={orderDetailPath(m.orderId)}
                      className="whitespace-nowrap text-brand-700 hover:underline"
                      data-testid="mail-order-link"
                    >
                      {m.orderNumber ?? t("unknownOrder")}
                    </Link>
                  </>
                )}
              </td>
              <td className={`${cell} lg:max-w-80`}>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 py-1 lg:py-0">
                  <span className={`${badge} ${STATUS_TONE[m.status]}`} data-testid="mail-status">
                    {t(`status.${m.status}`)}
                  </span>
                  <span className="text-xs text-stone-600" data-testid="mail-attempts">
                    {t("attempts", { count: m.attempts })}
                  </span>
                </span>
                <span className="block text-xs text-stone-600">
                  {m.status === "sent" && m.sentAt
                    ? t("sentAt", { date: when(m.sentAt) })
                    : m.nextAttemptAt
                      ? t("nextAttempt", { date: when(m.nextAttemptAt) })
                      : m.status === "failed" && <span className="font-medium text-red-800">{t("givenUp")}</span>}
                </span>
                {m.error && m.status !== "sent" && (
                  <span className="mt-1 block text-xs break-words text-red-800" data-testid="mail-error">
                    {m.error}
                  </span>
                )}
              </td>
              <td className="block pt-2 lg:table-cell lg:px-3 lg:py-2 lg:text-right lg:align-top">
                <button
                  type="button"
                  className="btn-secondary"
                  aria-label={t("resendLabel", { to: m.to })}
                  data-row-action="resend"
                  data-row-id={m.id}
                  data-row-label={m.to}
                >
                  {t("resend")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
