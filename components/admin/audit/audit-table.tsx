"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { DataTable, type Column } from "@/components/ui/list/data-table";
import type { AdminAuditDto } from "@/lib/schemas/audit";
import { orderDetailPath } from "@/components/admin/orders/paths";

const TONE: Partial<Record<AdminAuditDto["action"], string>> = {
  sign_in_failed: "bg-red-100 text-red-900",
  customer_erased: "bg-amber-100 text-amber-900",
  refund: "bg-amber-100 text-amber-900",
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";
const DETAIL_KEYS = [
  "method",
  "orderNumber",
  "amountCents",
  "code",
  "fields",
  "reason",
  "ordersKept",
  "accounts",
  "status",
  "attention",
  "from",
  "to",
  "format",
  "search",
] as const;

export function AuditTable({ items }: { items: AdminAuditDto[] }) {
  const t = useTranslations("adminAudit");
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "medium" });

  // Values are shown as text (React escapes them); only the keys the services record are shown.
  function detailValue(key: (typeof DETAIL_KEYS)[number], value: unknown): string {
    if (key === "amountCents" && typeof value === "number") return format.number(value / 100, { style: "currency", currency: "EUR" });
    if (key === "method" && (value === "password" || value === "link")) return t(`method.${value}`);
    if (key === "search" && typeof value === "boolean") return value ? t("yes") : t("no");
    if (Array.isArray(value)) return value.length ? value.map(String).join(", ") : t("noFields");
    return String(value);
  }

  function target(row: AdminAuditDto) {
    if (!row.targetType || row.targetId === null) return null;
    if (row.targetType === "order")
      return (
        <Link href={orderDetailPath(row.targetId)} className="text-brand-700 hover:underline" data-testid="audit-target">
          {t("target.order")}
        </Link>
      );
    const known = ["customer", "user", "discount_code", "seller_settings", "brand_settings", "shipping_settings"] as const;
    const type = known.find((k) => k === row.targetType);
    return (
      <span data-testid="audit-target">{type ? t(`target.${type}`, { id: row.targetId }) : `${row.targetType} #${row.targetId}`}</span>
    );
  }

  const columns: Column<AdminAuditDto>[] = [
    {
      key: "at",
      header: t("columns.at"),
      className: "whitespace-nowrap text-stone-600",
      cell: (row) => <time dateTime={row.at}>{when(row.at)}</time>,
    },
    {
      key: "actor",
      header: t("columns.actor"),
      className: "min-w-0 break-all lg:max-w-72",
      cell: (row) => <span data-testid="audit-actor">{row.actorEmail}</span>,
    },
    {
      key: "action",
      header: t("columns.action"),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className={`${badge} ${TONE[row.action] ?? "bg-stone-100 text-stone-800"}`} data-testid="audit-action">
            {t(`action.${row.action}`)}
          </span>
          <span className="text-xs">{target(row)}</span>
        </span>
      ),
    },
    {
      key: "client",
      header: t("columns.client"),
      phoneLabel: true,
      className: "text-xs text-stone-600",
      cell: (row) => (
        <>
          <span className="block break-all" data-testid="audit-network">
            {row.network ?? t("unknownNetwork")}
          </span>
          <span className="block" data-testid="audit-device">
            {row.device ?? t("unknownDevice")}
          </span>
        </>
      ),
    },
    {
      key: "details",
      header: t("columns.details"),
      phoneLabel: true,
      className: "text-xs lg:max-w-96",
      cell: (row) => (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2" data-testid="audit-details">
          {DETAIL_KEYS.filter((k) => row.details?.[k] !== undefined && row.details?.[k] !== null).map((k) => (
            <div key={k} className="contents">
              <dt className="text-stone-500">{t(`detail.${k}`)}</dt>
              <dd className="break-words">{detailValue(k, row.details?.[k])}</dd>
            </div>
          ))}
        </dl>
      ),
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(row) => row.id}
      testId="audit-table"
      layout="dense"
      rowProps={(row) => ({ "data-testid": "audit-row", "data-action": row.action })}
    />
  );
}
