"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { vatApi } from "@/lib/api-client/vat";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useRowActions, type RowActionTarget } from "@/components/ui/list/use-row-actions";

export function VatRowActions() {
  const t = useTranslations("vat");
  const tc = useTranslations("common");
  const router = useRouter();
  const [target, setTarget] = useState<RowActionTarget | null>(null);

  const setDefault = useAdminMutation({
    mutationFn: (id: number) => vatApi.setDefault(id),
    success: t("defaultChanged"),
    onSuccess: () => router.refresh(),
  });
  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (id: number) => vatApi.remove(id),
    success: t("deleted"),
    // When the default was deleted the list shows the "choose a new default" prompt.
    onSuccess: () => {
      setTarget(null);
      router.refresh();
    },
    onError: () => setTarget(null),
  });

  const handlers = useMemo(
    () => ({
      delete: setTarget,
      setDefault: (row: RowActionTarget) => setDefault.mutate(Number(row.id)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mutate is stable
    [],
  );
  useRowActions(handlers);

  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? t("confirmDelete", { name: target.label }) : ""}
      confirmLabel={tc("delete")}
      cancelLabel={tc("cancel")}
      danger
      busy={remove.isPending}
      onConfirm={() => target && remove.mutate(Number(target.id))}
      onCancel={() => setTarget(null)}
    >
      {target?.data.default === "true" && <p className="text-sm text-amber-700">{t("confirmDeleteDefault", { name: target.label })}</p>}
    </ConfirmDialog>
  );
}
