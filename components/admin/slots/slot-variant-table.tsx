"use client";

import Link from "next/link";
import { Thumbnail } from "@/components/ui/list/thumbnail";
import { useFormatter, useTranslations } from "next-intl";
import type { SlotVariantDto } from "@/lib/schemas/prompts";
import { RowButtons } from "@/components/ui/list/row-buttons";
import { SLOT_VARIANTS_PATH } from "./paths";

/** A label in front of a value where rows are stacked cards; the table header names it otherwise. */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

/**
 * The slot variant rows: a stateless client component (HTML rendered on the server, rows in the RSC payload as data). From the lg breakpoint a table; below it each
 * row is a stacked card. Delete buttons are answered by the page's one DeleteRowHost.
 */
export function SlotVariantTable({ items }: { items: SlotVariantDto[] }) {
  const t = useTranslations("slots");
  const tc = useTranslations("common");
  const format = useFormatter();
  const cell = "block py-0.5 rt-cell lg:align-top";
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="rt-table" data-testid="slot-variant-table">
        <thead className="rt-head">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              <span className="sr-only">{t("image")}</span>
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("name")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("slotType")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("llm")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("usedBy")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("created")}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {tc("actions")}
            </th>
          </tr>
        </thead>
        <tbody className="rt-body">
          {items.map((v) => (
            <tr key={v.id} className="flex flex-wrap gap-x-4 px-4 py-3 lg:table-row lg:p-0" data-testid={`slot-variant-row-${v.id}`}>
              <td className="block shrink-0 rt-cell lg:align-top">
                <Thumbnail url={v.exampleImageUrl} emptyText={t("noImage")} />
              </td>
              <td className="block min-w-0 flex-1 basis-48 lg:table-cell lg:max-w-md lg:px-4 lg:py-2 lg:align-top">
                <Link
                  href={`${SLOT_VARIANTS_PATH}/${v.id}`}
                  className="font-medium text-stone-900 hover:underline [overflow-wrap:anywhere]"
                >
                  {v.name}
                </Link>
                {v.description && <p className="text-stone-600 [overflow-wrap:anywhere]">{v.description}</p>}
                <p className="line-clamp-2 text-xs text-stone-500 [overflow-wrap:anywhere]" title={v.prompt}>
                  {v.prompt}
                </p>
              </td>
              <td className={`${cell} w-full lg:w-auto`}>
                <CellLabel>{t("slotType")}</CellLabel>
                <Link href={`${SLOT_VARIANTS_PATH}?typeId=${v.slotType.id}`} className="text-brand-700 hover:underline">
                  {v.slotType.name}
                </Link>
              </td>
              <td className={`${cell} w-full lg:w-auto`}>
                <CellLabel>{t("llm")}</CellLabel>
                {v.llm.displayName}
              </td>
              <td className={`${cell} w-full whitespace-nowrap lg:w-auto`}>
                <CellLabel>{t("usedBy")}</CellLabel>
                {t("promptCount", { count: v.promptCount })}
              </td>
              <td className={`${cell} w-full whitespace-nowrap text-stone-600 lg:w-auto`}>
                <CellLabel>{t("created")}</CellLabel>
                {format.dateTime(new Date(v.createdAt), { dateStyle: "medium" })}
              </td>
              <td className="block w-full pt-2 lg:table-cell lg:w-auto lg:min-w-44 lg:px-4 lg:py-2 lg:align-top">
                <RowButtons
                  editHref={`${SLOT_VARIANTS_PATH}/${v.id}`}
                  editLabel={tc("edit")}
                  deleteLabel={tc("delete")}
                  id={v.id}
                  name={v.name}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
