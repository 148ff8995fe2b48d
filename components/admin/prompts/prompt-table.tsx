"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Thumbnail } from "@/components/ui/list/thumbnail";
import { DataTable, useActionsColumn, type Column } from "@/components/ui/list/data-table";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { PromptListItemDto } from "@/lib/schemas/prompts";
import { PromptStatusBadges } from "./prompt-status-badges";
import { PROMPTS_PATH } from "./paths";

const cell = "px-4 py-2";

export function PromptTable({ items, sort, searchParams }: { items: PromptListItemDto[]; sort: string; searchParams: SearchParamsRecord }) {
  const t = useTranslations("prompts.list");
  const rawLocale = useLocale();
  const locale = shopLocale(rawLocale);
  const dates = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium" });
  const titleOf = (p: PromptListItemDto) => localized(locale, p.title, p.titleDe);
  const actions = useActionsColumn<PromptListItemDto>({
    className: cell,
    editHref: (p) => `${PROMPTS_PATH}/${p.id}`,
    id: (p) => p.id,
    name: titleOf,
  });
  const columns: Column<PromptListItemDto>[] = [
    {
      key: "image",
      header: t("image"),
      srOnlyHeader: true,
      headerClassName: "w-20",
      className: cell,
      cell: (p) => <Thumbnail url={p.exampleImageUrl} />,
    },
    {
      key: "title",
      header: t("title"),
      sort: "title",
      className: cell,
      cell: (p) => (
        <Link href={`${PROMPTS_PATH}/${p.id}`} className="font-medium text-stone-900 hover:text-brand-700 hover:underline">
          {titleOf(p)}
        </Link>
      ),
    },
    {
      key: "number",
      header: t("promptNumber"),
      sort: "promptNumber",
      className: "whitespace-nowrap px-4 py-2 font-mono text-xs",
      cell: (p) => p.promptNumber,
    },
    {
      key: "category",
      header: t("category"),
      className: "px-4 py-2 text-stone-600",
      cell: (p) => (
        <>
          {p.category.name}
          {p.subcategory && <span className="block text-xs text-stone-500">{p.subcategory.name}</span>}
        </>
      ),
    },
    {
      key: "llm",
      header: t("llm"),
      className: "px-4 py-2 text-stone-600",
      cellProps: { "data-testid": "prompt-llm" },
      cell: (p) => p.llm.displayName,
    },
    { key: "slots", header: t("slots"), align: "right", className: "px-4 py-2 text-right tabular-nums", cell: (p) => p.slotVariantCount },
    { key: "status", header: t("status"), className: cell, cell: (p) => <PromptStatusBadges active={p.active} archived={p.archived} /> },
    {
      key: "updated",
      header: t("updated"),
      sort: "updatedAt",
      className: "whitespace-nowrap px-4 py-2 text-stone-600",
      cell: (p) => dates.format(new Date(p.updatedAt)),
    },
    actions,
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(p) => p.id}
      testId="prompt-table"
      sort={{ basePath: PROMPTS_PATH, searchParams, sort }}
      tableClassName="w-full min-w-[56rem] divide-y divide-stone-200 text-sm"
      headClassName="bg-stone-50 text-left text-stone-600"
      bodyClassName="divide-y divide-stone-100"
      rowProps={(p) => ({
        "data-testid": `prompt-row-${p.id}`,
        "data-prompt-title": p.title,
        className: p.archived ? "bg-stone-50/70" : undefined,
      })}
    />
  );
}
