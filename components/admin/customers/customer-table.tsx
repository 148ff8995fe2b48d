"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatEuro, formatNumber } from "@/lib/format";
import { DataTable, type Column } from "@/components/ui/list/data-table";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import type { CustomerListItem } from "@/lib/schemas/customers";
import { CUSTOMERS_PATH } from "./paths";

export function CustomerTable({
  items,
  sort,
  searchParams,
}: {
  items: CustomerListItem[];
  sort: string;
  searchParams: SearchParamsRecord;
}) {
  const t = useTranslations("customers");
  const locale = useLocale();
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium" }).format(new Date(iso)) : "–";
  const columns: Column<CustomerListItem>[] = [
    {
      key: "name",
      header: t("name"),
      sort: "name",
      kind: "main",
      cell: (c) => (
        <Link href={`${CUSTOMERS_PATH}/${c.id}`} className="text-brand-700 hover:underline">
          {c.name || c.email}
        </Link>
      ),
    },
    {
      key: "email",
      header: t("email"),
      sort: "email",
      phoneLabel: true,
      className: "break-all lg:break-normal",
      cell: (c) => c.email,
    },
    { key: "kind", header: t("kind"), phoneLabel: true, cell: (c) => t(`kinds.${c.kind}`) },
    {
      key: "orders",
      header: t("orders"),
      sort: "orders",
      align: "right",
      phoneLabel: true,
      cell: (c) => formatNumber(c.orders, locale),
    },
    {
      key: "spent",
      header: t("spent"),
      sort: "spent",
      align: "right",
      phoneLabel: true,
      cell: (c) => formatEuro(c.spentCents, locale),
    },
    {
      key: "last",
      header: t("lastOrder"),
      sort: "lastOrder",
      align: "right",
      phoneLabel: true,
      cell: (c) => date(c.lastOrderAt),
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(c) => c.id}
      testId="customer-table"
      sort={{ basePath: CUSTOMERS_PATH, searchParams, sort }}
      layout="cards"
      rowProps={(c) => ({ "data-testid": "customer-row", "data-email": c.email })}
    />
  );
}
