"use client";

import { RowButtons } from "@/components/ui/list/row-buttons";
import { useFormatter, useTranslations } from "next-intl";
import { SortHeader } from "@/components/ui/list/sort-header";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import type { SupplierDto } from "@/lib/schemas/suppliers";
import { SUPPLIERS_PATH } from "./paths";

function contactName(s: SupplierDto): string {
  return [s.title, s.firstName, s.lastName].filter(Boolean).join(" ");
}

/** A label shown in front of a value only where the rows are stacked cards (phones); the table header names it otherwise. */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

/**
 * The supplier rows: a stateless client component (HTML rendered on the server, rows in the RSC payload as data). From the lg breakpoint a table with sortable
 * headers; below it every row is a stacked card (the toolbar's sort select replaces the headers).
 * Delete buttons are handled by the page's one DeleteRowHost.
 */
export function SupplierTable({ items, sort, searchParams }: { items: SupplierDto[]; sort: string; searchParams: SearchParamsRecord }) {
  const t = useTranslations("suppliers");
  const tc = useTranslations("common");
  const format = useFormatter();
  const header = { basePath: SUPPLIERS_PATH, searchParams, sort };
  /** An empty cell disappears from the stacked card but keeps its column in the table. */
  const cell = (shown: unknown = true) => `${shown ? "block" : "hidden"} py-0.5 rt-cell`;
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="rt-table" data-testid="supplier-table">
        <thead className="rt-head">
          <tr>
            <SortHeader {...header} field="companyName" label={t("company")} />
            <th scope="col" className="px-4 py-2 font-medium">
              {t("contact")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("email")}
            </th>
            <SortHeader {...header} field="city" label={t("city")} />
            <th scope="col" className="px-4 py-2 font-medium">
              {t("country")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("phone")}
            </th>
            <SortHeader {...header} field="createdAt" label={t("created")} />
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {tc("actions")}
            </th>
          </tr>
        </thead>
        <tbody className="rt-body">
          {items.map((s) => {
            const contact = contactName(s);
            const phone = s.phone1 ?? s.phone3 ?? s.phone2;
            const place = [s.postalCode, s.city].filter(Boolean).join(" ");
            return (
              <tr key={s.id} className="rt-row" data-testid={`supplier-row-${s.id}`}>
                <td className={`${cell()} lg:max-w-64`}>
                  <span className="font-medium break-words">{s.companyName}</span>
                  {s.website && (
                    <a
                      href={s.website}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block truncate text-xs text-brand-700 hover:underline"
                    >
                      {s.website.replace(/^https?:\/\//, "")}
                    </a>
                  )}
                </td>
                <td className={cell(contact)}>
                  {contact && <CellLabel>{t("contact")}</CellLabel>}
                  {contact}
                </td>
                <td className={`${cell(s.email)} break-all lg:break-normal`}>
                  {s.email && (
                    <>
                      <CellLabel>{t("email")}</CellLabel>
                      <a href={`mailto:${s.email}`} className="text-brand-700 hover:underline">
                        {s.email}
                      </a>
                    </>
                  )}
                </td>
                <td className={cell(place)}>
                  {place && <CellLabel>{t("city")}</CellLabel>}
                  {place}
                </td>
                <td className={cell(s.countryName)}>
                  {s.countryName && <CellLabel>{t("country")}</CellLabel>}
                  {s.countryName}
                </td>
                <td className={`${cell(phone)} whitespace-nowrap`}>
                  {phone && (
                    <>
                      <CellLabel>{t("phone")}</CellLabel>
                      <a href={`tel:${phone.replace(/[^+0-9]/g, "")}`} className="hover:underline">
                        {phone}
                      </a>
                    </>
                  )}
                </td>
                <td className={`${cell()} whitespace-nowrap text-stone-600`}>
                  <CellLabel>{t("created")}</CellLabel>
                  {format.dateTime(new Date(s.createdAt), { dateStyle: "medium" })}
                </td>
                <td className="block pt-2 rt-cell">
                  <RowButtons
                    editHref={`${SUPPLIERS_PATH}/${s.id}/edit`}
                    editLabel={tc("edit")}
                    deleteLabel={tc("delete")}
                    id={s.id}
                    name={s.companyName}
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
