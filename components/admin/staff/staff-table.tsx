"use client";

import { useTranslations } from "next-intl";
import type { StaffRow } from "@/lib/schemas/staff";
import { DataTable, type Column } from "@/components/ui/list/data-table";

const PILL = "rounded-full px-2 py-0.5 text-xs font-medium";
const STATUS_BADGE: Record<StaffRow["status"], string> = {
  active: "badge-ok",
  invited: `${PILL} bg-amber-100 text-amber-900`,
  expired: `${PILL} bg-stone-100 text-stone-700`,
};

/** Staff members can be removed and invitations withdrawn (StaffRowActions answers the buttons); the owner's rows have none. */
export function StaffTable({ rows }: { rows: StaffRow[] }) {
  const t = useTranslations("adminStaff");
  const tc = useTranslations("common");
  const columns: Column<StaffRow>[] = [
    { key: "email", header: t("email"), className: "rt-main", cell: (r) => <span className="break-all">{r.email}</span> },
    { key: "name", header: t("name"), phoneLabel: true, cell: (r) => r.name },
    { key: "role", header: t("role"), phoneLabel: true, cell: (r) => t(`roles.${r.role}`) },
    {
      key: "status",
      header: t("status"),
      className: "rt-tag",
      cell: (r) => (
        <span className={STATUS_BADGE[r.status]} data-testid="staff-status">
          {t(`statuses.${r.status}`)}
        </span>
      ),
    },
    {
      key: "actions",
      header: tc("actions"),
      srOnlyHeader: true,
      align: "right",
      className: "rt-act",
      cell: (r) =>
        r.role === "staff" && (
          <div className="rt-btns" data-row-id={r.id} data-row-label={r.name ?? r.email} data-row-kind={r.kind}>
            <button type="button" className="btn-secondary" data-row-action="remove">
              {r.kind === "member" ? t("remove") : t("revoke")}
            </button>
          </div>
        ),
    },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.key}
      testId="staff-table"
      bodyClassName="rt-body-flex"
      rowProps={(r) => ({ "data-email": r.email, "data-testid": "staff-row" })}
    />
  );
}
