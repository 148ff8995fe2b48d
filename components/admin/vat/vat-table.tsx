"use client";

import { useTranslations } from "next-intl";
import type { VatRateDto } from "@/lib/schemas/vat";
import { DataTable, useActionsColumn, type Column } from "@/components/ui/list/data-table";

export type VatRow = Pick<VatRateDto, "id" | "name" | "percent" | "description" | "isDefault">;

export function VatTable({ rates }: { rates: VatRow[] }) {
  const t = useTranslations("vat");
  const actions = useActionsColumn<VatRow>({
    className: "rt-act",
    editHref: (r) => `/admin/vat/${r.id}/edit`,
    id: (r) => r.id,
    name: (r) => r.name,
    deleteData: (r) => (r.isDefault ? { "data-default": "true" } : undefined),
    extra: (r) =>
      !r.isDefault && (
        <button className="btn-secondary" data-row-action="setDefault">
          {t("setDefault")}
        </button>
      ),
  });
  const columns: Column<VatRow>[] = [
    { key: "name", header: t("name"), className: "rt-main", cell: (r) => r.name },
    { key: "percent", header: t("percent"), align: "right", className: "rt-num", cell: (r) => t("percentValue", { percent: r.percent }) },
    { key: "description", header: t("description"), className: "rt-note", cell: (r) => r.description },
    {
      key: "default",
      header: t("isDefault"),
      className: "rt-tag",
      cell: (r) =>
        r.isDefault && (
          <span data-testid="default-badge" className="badge-ok">
            {t("defaultBadge")}
          </span>
        ),
    },
    actions,
  ];
  return <DataTable rows={rates} columns={columns} rowKey={(r) => r.id} testId="vat-table" bodyClassName="rt-body-flex" />;
}
