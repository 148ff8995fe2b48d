"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Thumbnail } from "@/components/ui/list/thumbnail";
import { DataTable, useActionsColumn, type Column } from "@/components/ui/list/data-table";
import type { SlotVariantDto } from "@/lib/schemas/prompts";
import { SLOT_VARIANTS_PATH } from "./paths";

export function SlotVariantTable({ items }: { items: SlotVariantDto[] }) {
  const t = useTranslations("slots");
  const format = useFormatter();
  const actions = useActionsColumn<SlotVariantDto>({
    className: "w-full lg:w-auto lg:min-w-44 lg:align-top",
    editHref: (v) => `${SLOT_VARIANTS_PATH}/${v.id}`,
    id: (v) => v.id,
    name: (v) => v.name,
  });
  const columns: Column<SlotVariantDto>[] = [
    {
      key: "image",
      header: t("image"),
      srOnlyHeader: true,
      kind: "own",
      className: "block shrink-0 rt-cell lg:align-top",
      cell: (v) => <Thumbnail url={v.exampleImageUrl} emptyText={t("noImage")} />,
    },
    {
      key: "name",
      header: t("name"),
      kind: "own",
      className: "block min-w-0 flex-1 basis-48 rt-cell lg:max-w-md lg:align-top",
      cell: (v) => (
        <>
          <Link href={`${SLOT_VARIANTS_PATH}/${v.id}`} className="font-medium text-stone-900 hover:underline [overflow-wrap:anywhere]">
            {v.name}
          </Link>
          {v.description && <p className="text-stone-600 [overflow-wrap:anywhere]">{v.description}</p>}
          <p className="line-clamp-2 text-xs text-stone-500 [overflow-wrap:anywhere]" title={v.prompt}>
            {v.prompt}
          </p>
        </>
      ),
    },
    {
      key: "type",
      header: t("slotType"),
      phoneLabel: true,
      className: "w-full lg:w-auto lg:align-top",
      cell: (v) => (
        <Link href={`${SLOT_VARIANTS_PATH}?typeId=${v.slotType.id}`} className="text-brand-700 hover:underline">
          {v.slotType.name}
        </Link>
      ),
    },
    { key: "llm", header: t("llm"), phoneLabel: true, className: "w-full lg:w-auto lg:align-top", cell: (v) => v.llm.displayName },
    {
      key: "usedBy",
      header: t("usedBy"),
      phoneLabel: true,
      className: "w-full whitespace-nowrap lg:w-auto lg:align-top",
      cell: (v) => t("promptCount", { count: v.promptCount }),
    },
    {
      key: "created",
      header: t("created"),
      phoneLabel: true,
      className: "w-full whitespace-nowrap text-stone-600 lg:w-auto lg:align-top",
      cell: (v) => format.dateTime(new Date(v.createdAt), { dateStyle: "medium" }),
    },
    actions,
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(v) => v.id}
      testId="slot-variant-table"
      layout="cards"
      rowProps={(v) => ({ className: "flex flex-wrap gap-x-4 px-4 py-3 lg:table-row lg:p-0", "data-testid": `slot-variant-row-${v.id}` })}
    />
  );
}
