"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/api-client/fetcher";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useRowActions, type RowActionTarget } from "./use-row-actions";

/** `title` and `success` may hold the literal `{name}`: pass `t("confirmDelete", { name: "{name}" })` from the server page. */
export function DeleteRowHost({
  pathTemplate,
  title,
  success,
  deactivated,
  archived,
  action = "delete",
}: {
  pathTemplate: string;
  title: string;
  success: string;
  /** Success text when the answer says `{ deactivated: true }` (kept because orders refer to it). */
  deactivated?: string;
  /** Success text when the answer says `{ archived: true }` (a prompt that orders or generations use is archived instead). */
  archived?: string;
  action?: string;
}) {
  const tc = useTranslations("common");
  const router = useRouter();
  const [target, setTarget] = useState<RowActionTarget | null>(null);
  const handlers = useMemo(() => ({ [action]: setTarget }), [action]);
  useRowActions(handlers);

  const fill = (text: string, t: RowActionTarget) => text.replaceAll("{name}", t.label);
  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (t: RowActionTarget) =>
      apiFetch<unknown>(t.data.rowPath ?? pathTemplate.replace("{id}", encodeURIComponent(t.id)), { method: "DELETE" }),
    success: (result, t) => {
      const flag = (key: "deactivated" | "archived") =>
        !!result && typeof result === "object" && (result as Record<string, unknown>)[key] === true;
      if (flag("archived") && archived) return fill(archived, t);
      return fill(flag("deactivated") && deactivated ? deactivated : success, t);
    },
    onSuccess: () => {
      setTarget(null);
      router.refresh();
    },
    onError: () => setTarget(null),
  });

  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? fill(title, target) : ""}
      confirmLabel={tc("delete")}
      cancelLabel={tc("cancel")}
      danger
      busy={remove.isPending}
      onConfirm={() => target && remove.mutate(target)}
      onCancel={() => setTarget(null)}
    />
  );
}
