"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { staffApi } from "@/lib/api-client/staff";
import type { StaffRow } from "@/lib/schemas/staff";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { DataTable, type Column } from "@/components/ui/list/data-table";

const PILL = "rounded-full px-2 py-0.5 text-xs font-medium";
const STATUS_BADGE: Record<StaffRow["status"], string> = {
  active: "badge-ok",
  invited: `${PILL} bg-amber-100 text-amber-900`,
  expired: `${PILL} bg-stone-100 text-stone-700`,
};

/** Staff members can be removed and open invitations withdrawn; the owner's own row has no action. */
export function StaffTable({ rows }: { rows: StaffRow[] }) {
  const t = useTranslations("adminStaff");
  const tc = useTranslations("common");
  const router = useRouter();
  const [target, setTarget] = useState<StaffRow | null>(null);
  const done = () => {
    setTarget(null);
    router.refresh();
  };
  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (row: StaffRow) => (row.kind === "member" ? staffApi.remove(row.id) : staffApi.revokeInvitation(row.id)),
    success: (_, row) => (row.kind === "member" ? t("removed") : t("revoked")),
    onSuccess: done,
    onError: () => setTarget(null),
  });
  const label = (row: StaffRow) => row.name ?? row.email;
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
      cell: (r) =>
        r.role === "staff" && (
          <button type="button" className="btn-secondary" onClick={() => setTarget(r)} data-testid="staff-remove">
            {r.kind === "member" ? t("remove") : t("revoke")}
          </button>
        ),
    },
  ];
  return (
    <>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.key}
        testId="staff-table"
        bodyClassName="rt-body-flex"
        rowProps={(r) => ({ "data-email": r.email, "data-testid": "staff-row" })}
      />
      <ConfirmDialog
        open={target !== null}
        title={
          target
            ? target.kind === "member"
              ? t("confirmRemove", { name: label(target) })
              : t("confirmRevoke", { name: label(target) })
            : ""
        }
        confirmLabel={target?.kind === "member" ? t("remove") : t("revoke")}
        cancelLabel={tc("cancel")}
        danger
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target)}
        onCancel={() => setTarget(null)}
      >
        {target?.kind === "member" && <p className="text-sm text-stone-600">{t("confirmRemoveHint")}</p>}
      </ConfirmDialog>
    </>
  );
}
