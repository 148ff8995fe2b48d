"use client";

import { useFormatter, useTranslations } from "next-intl";
import { DataTable, useActionsColumn, type Column } from "@/components/ui/list/data-table";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import type { DiscountCodeDto, DiscountState } from "@/lib/schemas/discounts";
import { DISCOUNT_CODES_PATH } from "./paths";

const STATE_STYLE: Record<DiscountState, string> = {
  active: "bg-emerald-50 text-emerald-800",
  scheduled: "bg-sky-50 text-sky-800",
  expired: "bg-stone-100 text-stone-600",
  usedUp: "bg-amber-50 text-amber-900",
  inactive: "bg-stone-100 text-stone-600",
};

export function DiscountCodeTable({
  items,
  sort,
  searchParams,
}: {
  items: DiscountCodeDto[];
  sort: string;
  searchParams: SearchParamsRecord;
}) {
  const t = useTranslations("discountCodes");
  const format = useFormatter();
  const euro = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "Europe/Berlin" });
  const validity = (c: DiscountCodeDto) =>
    c.validFrom && c.validTo
      ? t("validRange", { from: day(c.validFrom), to: day(c.validTo) })
      : c.validFrom
        ? t("validFromOnly", { from: day(c.validFrom) })
        : c.validTo
          ? t("validToOnly", { to: day(c.validTo) })
          : t("always");
  const actions = useActionsColumn<DiscountCodeDto>({
    editHref: (c) => `${DISCOUNT_CODES_PATH}/${c.id}/edit`,
    id: (c) => c.id,
    name: (c) => c.code,
  });
  const columns: Column<DiscountCodeDto>[] = [
    {
      key: "code",
      header: t("code"),
      sort: "code",
      cell: (c) => <span className="font-mono font-medium break-words">{c.code}</span>,
    },
    {
      key: "value",
      header: t("value"),
      phoneLabel: true,
      className: "whitespace-nowrap",
      cell: (c) => (c.kind === "percent" ? `${c.percent} %` : euro(c.amountCents ?? 0)),
    },
    {
      key: "state",
      header: t("state"),
      phoneLabel: true,
      cell: (c) => <span className={`inline-flex rounded-full px-2 py-0.5 text-xs ${STATE_STYLE[c.state]}`}>{t(`states.${c.state}`)}</span>,
    },
    { key: "validity", header: t("validity"), phoneLabel: true, cell: validity },
    {
      key: "minOrder",
      header: t("minOrder"),
      phoneLabel: true,
      className: "whitespace-nowrap",
      cell: (c) => (c.minOrderCents > 0 ? euro(c.minOrderCents) : null),
    },
    {
      key: "uses",
      header: t("uses"),
      sort: "used",
      phoneLabel: true,
      className: "tabular-nums",
      cell: (c) => (
        <>
          {c.maxUses === null ? c.usedCount : t("usesOf", { used: c.usedCount, max: c.maxUses })}
          {c.maxUsesPerCustomer !== null && (
            <span className="block text-xs text-stone-500">{t("perCustomer", { max: c.maxUsesPerCustomer })}</span>
          )}
        </>
      ),
    },
    {
      key: "revenue",
      header: t("revenue"),
      sort: "revenue",
      phoneLabel: true,
      className: "whitespace-nowrap tabular-nums",
      cell: (c) => euro(c.revenueCents),
    },
    actions,
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(c) => c.id}
      testId="discount-code-table"
      sort={{ basePath: DISCOUNT_CODES_PATH, searchParams, sort }}
      layout="cards"
      rowProps={(c) => ({ "data-testid": `discount-code-row-${c.id}` })}
    />
  );
}
