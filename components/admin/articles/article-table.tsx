"use client";

import Link from "next/link";
import { Thumbnail } from "@/components/ui/list/thumbnail";
import { useLocale, useTranslations } from "next-intl";
import { RowButtons } from "@/components/ui/list/row-buttons";
import { localized } from "@/lib/i18n/localized";
import { formatEuro } from "@/lib/format";
import type { ArticleListItemDto } from "@/lib/schemas/articles";
import { SortHeader } from "@/components/ui/list/sort-header";
import { ARTICLES_PATH } from "./paths";
import type { SearchParamsRecord } from "@/components/ui/list/href";

/** A label shown in front of a value only where the rows are stacked cards (phones); the table header names it otherwise. */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

/**
 * The article list's table (a stateless client component: HTML rendered on the server, rows in the RSC payload as data): thumbnail of the default variant, name,
 * type and category, article number, gross shop price, variant count, active state, edit and delete
 * (the page's one DeleteRowHost handles the delete buttons). From the lg breakpoint a table with
 * sortable headers; below it every row is a stacked card (the toolbar's sort select replaces the headers).
 */
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
  const tc = useTranslations("common");
  const locale = useLocale();
  const header = (field: string, label: string, align?: "right") => (
    <SortHeader basePath={ARTICLES_PATH} searchParams={searchParams} sort={sort} field={field} label={label} align={align} />
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="block w-full text-sm lg:table lg:min-w-[48rem] lg:divide-y lg:divide-stone-200" data-testid="article-table">
        <thead className="rt-head">
          <tr>
            <th scope="col" className="w-16 px-4 py-2 font-medium">
              <span className="sr-only">{t("list.image")}</span>
            </th>
            {header("name", t("list.name"))}
            {header("articleNumber", t("list.articleNumber"))}
            <th scope="col" className="px-4 py-2 font-medium">
              {t("list.category")}
            </th>
            {header("price", t("list.price"), "right")}
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t("list.variants")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("list.status")}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {tc("actions")}
            </th>
          </tr>
        </thead>
        <tbody className="rt-body">
          {items.map((a) => {
            const name = localized(locale, a.name, a.nameDe);
            return (
              <tr
                key={a.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 lg:table-row lg:p-0"
                data-testid={`article-row-${a.id}`}
                data-article-name={a.name}
              >
                <td className="shrink-0 rt-cell">
                  <Thumbnail url={a.thumbnailUrl} size={48} />
                </td>
                <td className="min-w-0 flex-1 break-words rt-cell">
                  <Link href={`${ARTICLES_PATH}/${a.id}`} className="font-medium text-stone-900 hover:text-brand-700 hover:underline">
                    {name}
                  </Link>
                  <span className="block text-xs text-stone-500">{t(`type.${a.type}`)}</span>
                </td>
                <td className="basis-full whitespace-nowrap rt-cell">
                  <CellLabel>{t("list.articleNumber")}</CellLabel>
                  <span className="font-mono text-xs">{a.articleNumber}</span>
                </td>
                <td className="basis-full text-stone-600 rt-cell">
                  <CellLabel>{t("list.category")}</CellLabel>
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
                </td>
                <td className="whitespace-nowrap font-medium tabular-nums rt-cell lg:text-right lg:font-normal" data-testid="article-price">
                  {a.priceCents === null ? <span title={t("list.notSellable")}>–</span> : formatEuro(a.priceCents, locale)}
                </td>
                <td className="whitespace-nowrap tabular-nums rt-cell lg:text-right">
                  <CellLabel>{t("list.variants")}</CellLabel>
                  {a.variantCount}
                </td>
                <td className="rt-cell">
                  <span
                    data-testid="article-active"
                    className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${a.active ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}
                  >
                    {a.active ? t("list.active") : t("list.inactive")}
                  </span>
                </td>
                <td className="basis-full pt-1 rt-cell">
                  <RowButtons
                    editHref={`${ARTICLES_PATH}/${a.id}`}
                    editLabel={tc("edit")}
                    deleteLabel={tc("delete")}
                    id={a.id}
                    name={name}
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
