"use client";

import { useTranslations } from "next-intl";
import type { VatRateDto } from "@/lib/schemas/vat";
import { RowButtons } from "@/components/ui/list/row-buttons";

/** What a row shows (the page leaves out the timestamps). */
export type VatRow = Pick<VatRateDto, "id" | "name" | "percent" | "description" | "isDefault">;

/**
 * The VAT list's table: a table from lg, a stacked card per rate on phones (name, percent and badge,
 * description, buttons). A client component so the page's RSC payload carries the rates as data (about
 * 100 bytes a row) instead of a second copy of every row's markup; it has no state, and its buttons are
 * answered by the page's one VatRowActions host.
 */
export function VatTable({ rates }: { rates: VatRow[] }) {
  const t = useTranslations("vat");
  const tc = useTranslations("common");
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="rt-table" data-testid="vat-table">
        <thead className="rt-head">
          <tr>
            <th className="px-4 py-2 font-medium">{t("name")}</th>
            <th className="px-4 py-2 text-right font-medium">{t("percent")}</th>
            <th className="px-4 py-2 font-medium">{t("description")}</th>
            <th className="px-4 py-2 font-medium">{t("isDefault")}</th>
            <th className="px-4 py-2 text-right font-medium">{tc("actions")}</th>
          </tr>
        </thead>
        <tbody className="rt-body-flex">
          {rates.map((rate) => (
            <tr key={rate.id}>
              <td className="rt-main">{rate.name}</td>
              <td className="rt-num">{t("percentValue", { percent: rate.percent })}</td>
              <td className="rt-note">{rate.description}</td>
              <td className="rt-tag">
                {rate.isDefault && (
                  <span data-testid="default-badge" className="badge-ok">
                    {t("defaultBadge")}
                  </span>
                )}
              </td>
              <td className="rt-act">
                <RowButtons
                  editHref={`/admin/vat/${rate.id}/edit`}
                  editLabel={tc("edit")}
                  deleteLabel={tc("delete")}
                  id={rate.id}
                  name={rate.name}
                  deleteData={rate.isDefault ? { "data-default": "true" } : undefined}
                >
                  {!rate.isDefault && (
                    <button className="btn-secondary" data-row-action="setDefault">
                      {t("setDefault")}
                    </button>
                  )}
                </RowButtons>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
