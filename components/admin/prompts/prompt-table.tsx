"use client";

import Link from "next/link";
import { Thumbnail } from "@/components/ui/list/thumbnail";
import { useLocale, useTranslations } from "next-intl";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { PromptListItemDto } from "@/lib/schemas/prompts";
import { RowButtons } from "@/components/ui/list/row-buttons";
import { SortHeader } from "@/components/ui/list/sort-header";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { PromptStatusBadges } from "./prompt-status-badges";
import { PROMPTS_PATH } from "./paths";

/**
 * The prompt list's table (a stateless client component: HTML rendered on the server, rows in the RSC payload as data): example image, title (in the admin's
 * language, falling back to the other), prompt number, category, AI model, slot variants, state,
 * last change, edit and delete (the page's one DeleteRowHost handles the delete buttons).
 */
export function PromptTable({ items, sort, searchParams }: { items: PromptListItemDto[]; sort: string; searchParams: SearchParamsRecord }) {
  const t = useTranslations("prompts.list");
  const tc = useTranslations("common");
  const rawLocale = useLocale();
  const locale = shopLocale(rawLocale);
  const dates = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium" });
  const header = (field: string, label: string) => (
    <SortHeader basePath={PROMPTS_PATH} searchParams={searchParams} sort={sort} field={field} label={label} />
  );
  const plain = (label: string, className = "") => (
    <th scope="col" className={`px-4 py-2 font-medium ${className}`}>
      {label}
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full min-w-[56rem] divide-y divide-stone-200 text-sm" data-testid="prompt-table">
        <thead className="bg-stone-50 text-left text-stone-600">
          <tr>
            <th scope="col" className="w-20 px-4 py-2 font-medium">
              <span className="sr-only">{t("image")}</span>
            </th>
            {header("title", t("title"))}
            {header("promptNumber", t("promptNumber"))}
            {plain(t("category"))}
            {plain(t("llm"))}
            {plain(t("slots"), "text-right")}
            {plain(t("status"))}
            {header("updatedAt", t("updated"))}
            {plain(tc("actions"), "text-right")}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {items.map((p) => {
            const title = localized(locale, p.title, p.titleDe);
            return (
              <tr
                key={p.id}
                data-testid={`prompt-row-${p.id}`}
                data-prompt-title={p.title}
                className={p.archived ? "bg-stone-50/70" : undefined}
              >
                <td className="px-4 py-2">
                  <Thumbnail url={p.exampleImageUrl} />
                </td>
                <td className="px-4 py-2">
                  <Link href={`${PROMPTS_PATH}/${p.id}`} className="font-medium text-stone-900 hover:text-brand-700 hover:underline">
                    {title}
                  </Link>
                </td>
                <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{p.promptNumber}</td>
                <td className="px-4 py-2 text-stone-600">
                  {p.category.name}
                  {p.subcategory && <span className="block text-xs text-stone-500">{p.subcategory.name}</span>}
                </td>
                <td className="px-4 py-2 text-stone-600" data-testid="prompt-llm">
                  {p.llm.displayName}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{p.slotVariantCount}</td>
                <td className="px-4 py-2">
                  <PromptStatusBadges active={p.active} archived={p.archived} />
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-stone-600">{dates.format(new Date(p.updatedAt))}</td>
                <td className="px-4 py-2">
                  <RowButtons
                    editHref={`${PROMPTS_PATH}/${p.id}`}
                    editLabel={tc("edit")}
                    deleteLabel={tc("delete")}
                    id={p.id}
                    name={title}
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
