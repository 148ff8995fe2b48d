"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { adminMailApi } from "@/lib/api-client/admin-mail";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useRowActions, type RowActionTarget } from "@/components/ui/list/use-row-actions";

export function MailRowActions() {
  const t = useTranslations("adminMail");
  const tc = useTranslations("common");
  const router = useRouter();
  const [target, setTarget] = useState<RowActionTarget | null>(null);
  const handlers = useMemo(() => ({ resend: setTarget }), []);
  useRowActions(handlers);

  const resend = useAdminMutation({
    mutationFn: (row: RowActionTarget) => adminMailApi.resend(Number(row.id)),
    success: (copy) => (copy.status === "sent" ? t("resent", { to: copy.to }) : null),
    onSuccess: (copy) => {
      if (copy.status !== "sent") toast.error(t("resendFailed", { to: copy.to }), { description: copy.error ?? undefined });
      setTarget(null);
      router.refresh();
    },
    onError: () => setTarget(null),
  });

  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? t("confirmResend", { to: target.label }) : ""}
      confirmLabel={t("resend")}
      cancelLabel={tc("cancel")}
      busy={resend.isPending}
      onConfirm={() => target && resend.mutate(target)}
      onCancel={() => setTarget(null)}
    >
      <p className="text-sm text-stone-600">{t("confirmResendText")}</p>
    </ConfirmDialog>
  );
}
