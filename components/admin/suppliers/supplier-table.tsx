"use client";

import { useFormatter, useTranslations } from "next-intl";
import { DataTable, useActionsColumn, type Column } from "@/components/ui/list/data-table";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import type { SupplierDto } from "@/lib/schemas/suppliers";
import { SUPPLIERS_PATH } from "./paths";

function contactName(s: SupplierDto): string {
  return [s.title, s.firstName, s.lastName].filter(Boolean).join(" ");
}

const phoneOf = (s: SupplierDto) => s.phone1 ?? s.phone3 ?? s.phone2;
const placeOf = (s: SupplierDto) => [s.postalCode, s.city].filter(Boolean).join(" ");

export function SupplierTable({ items, sort, searchParams }: { items: SupplierDto[]; sort: string; searchParams: SearchParamsRecord }) {
  const t = useTranslations("suppliers");
  const format = useFormatter();
  const actions = useActionsColumn<SupplierDto>({
    editHref: (s) => `${SUPPLIERS_PATH}/${s.id}/edit`,
    id: (s) => s.id,
    name: (s) => s.companyName,
  });
  const columns: Column<SupplierDto>[] = [
    {
      key: "company",
      header: t("company"),
      sort: "companyName",
      className: "lg:max-w-64",
      cell: (s) => (
        <>
          <span className="font-medium break-words">{s.companyName}</span>
          {s.website && (
            <a href={s.website} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-brand-700 hover:underline">
              {s.website.replace(/^https?:\/\//, "")}
            </a>
          )}
        </>
      ),
    },
    { key: "contact", header: t("contact"), phoneLabel: true, cell: (s) => contactName(s) },
    {
      key: "email",
      header: t("email"),
      phoneLabel: true,
      className: "break-all lg:break-normal",
      cell: (s) =>
        s.email && (
          <a href={`mailto:${s.email}`} className="text-brand-700 hover:underline">
            {s.email}
          </a>
        ),
    },
    { key: "city", header: t("city"), sort: "city", phoneLabel: true, cell: placeOf },
    { key: "country", header: t("country"), phoneLabel: true, cell: (s) => s.countryName },
    {
      key: "phone",
      header: t("phone"),
      phoneLabel: true,
      className: "whitespace-nowrap",
      cell: (s) => {
        const phone = phoneOf(s);
        return (
          phone && (
            <a href={`tel:${phone.replace(/[^+0-9]/g, "")}`} className="hover:underline">
              {phone}
            </a>
          )
        );
      },
    },
    {
      key: "created",
      header: t("created"),
      sort: "createdAt",
      phoneLabel: true,
      className: "whitespace-nowrap text-stone-600",
      cell: (s) => format.dateTime(new Date(s.createdAt), { dateStyle: "medium" }),
    },
    actions,
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(s) => s.id}
      testId="supplier-table"
      sort={{ basePath: SUPPLIERS_PATH, searchParams, sort }}
      layout="cards"
      rowProps={(s) => ({ "data-testid": `supplier-row-${s.id}` })}
    />
  );
}
