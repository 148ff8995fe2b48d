"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { DataTable, type Column } from "@/components/ui/list/data-table";
import type { AdminMailDto } from "@/lib/schemas/admin-orders";
import { orderDetailPath } from "@/components/admin/orders/paths";

const STATUS_TONE: Record<AdminMailDto["status"], string> = {
  queued: "bg-sky-100 text-sky-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

/** `canResend`: resending is the owner's; staff read the outbox. */
export function MailTable({ items, canResend }: { items: AdminMailDto[]; canResend: boolean }) {
  const t = useTranslations("adminMail");
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const resendColumn: Column<AdminMailDto> = {
    key: "actions",
    header: t("columns.actions"),
    srOnlyHeader: true,
    align: "right",
    kind: "actions",
    className: "lg:text-right",
    cell: (m) => (
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
    ),
  };
  const columns: Column<AdminMailDto>[] = [
    {
      key: "created",
      header: t("columns.created"),
      className: "whitespace-nowrap text-stone-600",
      cell: (m) => (
        <>
          {when(m.createdAt)}
          <span className="ml-2 text-xs text-stone-500 lg:ml-0 lg:block">{t(`kind.${m.kind}`)}</span>
        </>
      ),
    },
    {
      key: "message",
      header: t("columns.message"),
      className: "min-w-0 lg:max-w-96",
      cell: (m) => (
        <>
          <span className="block font-medium break-words" data-testid="mail-subject">
            {m.subject}
          </span>
          <span className="block text-xs break-all text-stone-600" data-testid="mail-to">
            {m.to}
          </span>
          <span className="mt-1 flex gap-3 text-xs">
            <a
              href={`/api/admin/mail/${m.id}/content`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
              data-testid="mail-view"
            >
              {t("view")}
            </a>
            <a
              href={`/api/admin/mail/${m.id}/content?format=text`}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
              data-testid="mail-view-text"
            >
              {t("viewText")}
            </a>
          </span>
        </>
      ),
    },
    {
      key: "order",
      header: t("columns.order"),
      phoneLabel: true,
      cell: (m) =>
        m.orderId && (
          <Link
            href={orderDetailPath(m.orderId)}
            className="whitespace-nowrap text-brand-700 hover:underline"
            data-testid="mail-order-link"
          >
            {m.orderNumber ?? t("unknownOrder")}
          </Link>
        ),
    },
    {
      key: "status",
      header: t("columns.status"),
      className: "lg:max-w-80",
      cell: (m) => (
        <>
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
        </>
      ),
    },
  ];
  if (canResend) columns.push(resendColumn);
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(m) => m.id}
      testId="mail-table"
      layout="dense"
      rowProps={(m) => ({ "data-testid": "mail-row", "data-mail-id": m.id, "data-status": m.status })}
    />
  );
}
