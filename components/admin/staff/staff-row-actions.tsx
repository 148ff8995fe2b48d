"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { staffApi } from "@/lib/api-client/staff";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useRowActions, type RowActionTarget } from "@/components/ui/list/use-row-actions";

/** The staff list's one dialog: remove a member (their sessions end) or withdraw an invitation. */
export function StaffRowActions() {
  const t = useTranslations("adminStaff");
  const tc = useTranslations("common");
  const router = useRouter();
  const [target, setTarget] = useState<RowActionTarget | null>(null);
  const member = target?.data.rowKind === "member";
  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (row: RowActionTarget) =>
      row.data.rowKind === "member" ? staffApi.remove(Number(row.id)) : staffApi.revokeInvitation(Number(row.id)),
    success: (_, row) => (row.data.rowKind === "member" ? t("removed") : t("revoked")),
    onSuccess: () => {
      setTarget(null);
      router.refresh();
    },
    onError: () => setTarget(null),
  });
  const handlers = useMemo(() => ({ remove: setTarget }), []);
  useRowActions(handlers);
  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? (member ? t("confirmRemove", { name: target.label }) : t("confirmRevoke", { name: target.label })) : ""}
      confirmLabel={member ? t("remove") : t("revoke")}
      cancelLabel={tc("cancel")}
      danger
      busy={remove.isPending}
      onConfirm={() => target && remove.mutate(target)}
      onCancel={() => setTarget(null)}
    >
      {member && <p className="text-sm text-stone-600">{t("confirmRemoveHint")}</p>}
    </ConfirmDialog>
  );
}
