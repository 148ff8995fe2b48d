"use client";

import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { DataTable, type Column } from "@/components/ui/list/data-table";
import { formatEuro } from "@/lib/format";
import type { AdminOrderRow } from "@/lib/schemas/admin-orders";
import { OrderActionButtons } from "./order-action-buttons";
import { PaymentBadge, StatusBadge } from "./order-badges";
import { orderDetailPath } from "./paths";
import { useOrderSelection } from "./bulk-orders";

const ROW_ACTIONS = ["process", "complete", "deliver"] as const;
const rowActions = (o: AdminOrderRow) =>
  o.actions.filter((a): a is (typeof ROW_ACTIONS)[number] => (ROW_ACTIONS as readonly string[]).includes(a));

export function OrderTable({ items }: { items: AdminOrderRow[] }) {
  const t = useTranslations("adminOrders");
  const format = useFormatter();
  const locale = useLocale();
  const selection = useOrderSelection();
  const selectColumn: Column<AdminOrderRow>[] = selection
    ? [
        {
          key: "select",
          header: t("bulk.label"),
          srOnlyHeader: true,
          className: "lg:w-8",
          cell: (o) => (
            <input
              type="checkbox"
              className="size-5 align-middle"
              aria-label={t("bulk.selectOrder", { number: o.orderNumber })}
              checked={selection.selected.has(o.id)}
              onChange={() => selection.toggle(o.id)}
              data-testid="order-select"
            />
          ),
        },
      ]
    : [];
  const columns: Column<AdminOrderRow>[] = [
    ...selectColumn,
    {
      key: "order",
      header: t("columns.order"),
      cell: (o) => (
        <span className="flex items-start gap-2">
          {o.thumbnailUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- admin image route; a small lazy preview
            <img
              src={o.thumbnailUrl}
              alt={t("thumbnailAlt", { orderNumber: o.orderNumber })}
              width={40}
              height={40}
              loading="lazy"
              decoding="async"
              className="h-10 w-10 shrink-0 rounded border border-stone-200 bg-stone-50 object-cover"
              data-testid="order-thumbnail"
            />
          )}
          <span className="min-w-0">
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
          </span>
        </span>
      ),
    },
    {
      key: "customer",
      header: t("columns.customer"),
      className: "min-w-0 lg:max-w-56",
      cell: (o) => (
        <>
          <span className="block font-medium break-words">{o.customerName}</span>
          <a href={`mailto:${o.email}`} className="block text-xs break-all text-stone-600 hover:underline">
            {o.email}
          </a>
        </>
      ),
    },
    {
      key: "items",
      header: t("columns.items"),
      align: "right",
      phoneLabel: true,
      cell: (o) => o.itemCount,
    },
    {
      key: "total",
      header: t("columns.total"),
      align: "right",
      phoneLabel: true,
      className: "whitespace-nowrap",
      cell: (o) => (
        <>
          <span className="font-medium">{formatEuro(o.totalCents, locale)}</span>
          {o.refundedCents > 0 && (
            <span className="block text-xs text-stone-500">{t("refundedAmount", { amount: formatEuro(o.refundedCents, locale) })}</span>
          )}
        </>
      ),
    },
    {
      key: "status",
      header: t("columns.status"),
      cell: (o) => (
        <span className="flex flex-wrap gap-1 py-1 lg:py-0">
          <StatusBadge status={o.status} />
          <PaymentBadge status={o.paymentStatus} />
        </span>
      ),
    },
    {
      key: "tracking",
      header: t("columns.tracking"),
      phoneLabel: true,
      cell: (o) =>
        o.trackingNumber && (
          <span className="font-mono text-xs break-all" data-testid="order-tracking">
            {o.trackingNumber}
          </span>
        ),
    },
    {
      key: "actions",
      header: t("columns.actions"),
      srOnlyHeader: true,
      align: "right",
      kind: "actions",
      cell: (o) => {
        if (rowActions(o).length === 0) return null;
        const keptCents = o.paymentStatus === "unpaid" ? 0 : Math.max(0, o.totalCents - o.refundedCents);
        return (
          <OrderActionButtons
            order={{ id: o.id, orderNumber: o.orderNumber, status: o.status, email: o.email, keptCents }}
            actions={rowActions(o)}
            compact
          />
        );
      },
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(o) => o.id}
      testId="order-table"
      layout="dense"
      rowProps={(o) => ({ "data-testid": "order-row", "data-order-number": o.orderNumber })}
    />
  );
}
