"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Thumbnail } from "@/components/ui/list/thumbnail";
import { DataTable, useActionsColumn, type Column } from "@/components/ui/list/data-table";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { localized } from "@/lib/i18n/localized";
import { formatEuro } from "@/lib/format";
import type { ArticleListItemDto } from "@/lib/schemas/articles";
import { ARTICLES_PATH } from "./paths";

export function ArticleTable({
  items,
  sort,
  searchParams,
}: {
  items: ArticleListItemDto[];
  sort: string;
  searchParams: SearchParamsRecord;
}) {
  const t = useTranslations("articles");
  const locale = useLocale();
  const nameOf = (a: ArticleListItemDto) => localized(locale, a.name, a.nameDe);
  const actions = useActionsColumn<ArticleListItemDto>({
    className: "basis-full pt-1 rt-cell",
    editHref: (a) => `${ARTICLES_PATH}/${a.id}`,
    id: (a) => a.id,
    name: nameOf,
  });
  const columns: Column<ArticleListItemDto>[] = [
    {
      key: "image",
      header: t("list.image"),
      srOnlyHeader: true,
      headerClassName: "w-16",
      className: "shrink-0 rt-cell",
      cell: (a) => <Thumbnail url={a.thumbnailUrl} size={48} />,
    },
    {
      key: "name",
      header: t("list.name"),
      sort: "name",
      className: "min-w-0 flex-1 break-words rt-cell",
      cell: (a) => (
        <>
          <Link href={`${ARTICLES_PATH}/${a.id}`} className="font-medium text-stone-900 hover:text-brand-700 hover:underline">
            {nameOf(a)}
          </Link>
          <span className="block text-xs text-stone-500">{t(`type.${a.type}`)}</span>
        </>
      ),
    },
    {
      key: "number",
      header: t("list.articleNumber"),
      sort: "articleNumber",
      phoneLabel: true,
      className: "basis-full whitespace-nowrap rt-cell",
      cell: (a) => <span className="font-mono text-xs">{a.articleNumber}</span>,
    },
    {
      key: "category",
      header: t("list.category"),
      phoneLabel: true,
      className: "basis-full text-stone-600 rt-cell",
      cell: (a) => (
        <>
          {a.category.name}
          {a.subcategory && (
            <span className="text-xs text-stone-500 lg:block">
              <span aria-hidden className="lg:hidden">
                {" "}
                ›{" "}
              </span>
              {a.subcategory.name}
            </span>
          )}
        </>
      ),
    },
    {
      key: "price",
      header: t("list.price"),
      sort: "price",
      align: "right",
      className: "whitespace-nowrap font-medium tabular-nums rt-cell lg:text-right lg:font-normal",
      cellProps: { "data-testid": "article-price" },
      cell: (a) => (a.priceCents === null ? <span title={t("list.notSellable")}>–</span> : formatEuro(a.priceCents, locale)),
    },
    {
      key: "variants",
      header: t("list.variants"),
      align: "right",
      phoneLabel: true,
      className: "whitespace-nowrap tabular-nums rt-cell lg:text-right",
      cell: (a) => a.variantCount,
    },
    {
      key: "status",
      header: t("list.status"),
      className: "rt-cell",
      cell: (a) => (
        <span
          data-testid="article-active"
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${a.active ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}
        >
          {a.active ? t("list.active") : t("list.inactive")}
        </span>
      ),
    },
    actions,
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(a) => a.id}
      testId="article-table"
      sort={{ basePath: ARTICLES_PATH, searchParams, sort }}
      tableClassName="block w-full text-sm lg:table lg:min-w-[48rem] lg:divide-y lg:divide-stone-200"
      rowProps={(a) => ({
        className: "flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 lg:table-row lg:p-0",
        "data-testid": `article-row-${a.id}`,
        "data-article-name": a.name,
      })}
    />
  );
}
