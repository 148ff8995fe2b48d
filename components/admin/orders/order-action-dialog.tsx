"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { adminOrdersApi } from "@/lib/api-client/admin-orders";
import { HttpError } from "@/lib/api-client/fetcher";
import { toast } from "@/components/ui/toast";
import { formatEuro } from "@/lib/format";
import { z } from "zod";
import { cancelOrderBody, completeOrderBody, refundOrderBody } from "@/lib/schemas/admin-orders";
import { Dialog } from "@/components/ui/dialog";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import type { RowActionTarget } from "@/components/ui/list/use-row-actions";
import type { OrderActionName } from "./order-action-buttons";
import { CancelFields, CompleteFields, RefundFields, type ActionValues } from "./order-action-fields";
import { parseCents } from "@/components/admin/articles/numbers";

const EMPTY: ActionValues = { carrier: "", trackingNumber: "", reason: "", refundMode: "full", amount: "" };

type Body = { action: OrderActionName; orderId: string; body?: unknown };

/** The actions with fields; the others send no body. */
const SCHEMAS = { complete: completeOrderBody, cancel: cancelOrderBody, refund: refundOrderBody } as const;
const NO_BODY = z.undefined();

const newRefundKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

function send({ action, orderId, body }: Body): Promise<unknown> {
  switch (action) {
    case "process":
      return adminOrdersApi.process(orderId);
    case "complete":
      return adminOrdersApi.complete(orderId, body as Parameters<typeof adminOrdersApi.complete>[1]);
    case "deliver":
      return adminOrdersApi.deliver(orderId);
    case "cancel":
      return adminOrdersApi.cancel(orderId, body as Parameters<typeof adminOrdersApi.cancel>[1]);
    case "refund":
      return adminOrdersApi.refund(orderId, body as Parameters<typeof adminOrdersApi.refund>[1]);
    case "resendReceipt":
      return adminOrdersApi.resendReceipt(orderId);
    case "revokeLinks":
      return adminOrdersApi.revokeLinks(orderId);
  }
}

export function OrderActionDialog({
  action,
  target,
  onClose,
}: {
  action: OrderActionName | null;
  target: RowActionTarget | null;
  onClose: () => void;
}) {
  const t = useTranslations("adminOrders");
  const tv = useTranslations("validation");
  const te = useTranslations("errors");
  const tc = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  // One key per opened dialog: a double submit, or a retry after a lost answer, refunds once.
  const [refundKey] = useState(newRefundKey);
  const number = target?.label ?? "";
  const email = target?.data.email ?? "";
  const refundable = Number(target?.data.refundableCents ?? 0);
  const kept = Number(target?.data.keptCents ?? 0);
  const reasonRequired = action === "cancel" && target?.data.status === "processing";
  const partialCents = (v: ActionValues) => (v.refundMode === "full" ? undefined : parseCents(v.amount));

  const form = useAdminForm({
    initial: () => EMPTY,
    schema: action && action in SCHEMAS ? SCHEMAS[action as keyof typeof SCHEMAS] : NO_BODY,
    toBody: (v) => {
      if (action === "complete") return { carrier: v.carrier, trackingNumber: v.trackingNumber };
      if (action === "cancel") return { reason: v.reason };
      if (action !== "refund") return undefined;
      const cents = partialCents(v);
      return { amountCents: cents === undefined || Number.isNaN(cents) ? undefined : cents, reason: v.reason, idempotencyKey: refundKey };
    },
    check: (v): Record<string, string> => {
      if (reasonRequired && !v.reason.trim()) return { reason: tv("reasonRequired") };
      if (action !== "refund" || v.refundMode !== "partial") return {};
      const cents = partialCents(v);
      const problem =
        cents === undefined || Number.isNaN(cents)
          ? t("dialog.refund.amountInvalid")
          : cents <= 0
            ? tv("amountPositive")
            : cents > refundable
              ? te("refundTooLarge", { max: formatEuro(refundable, locale) })
              : null;
      return problem ? { amountCents: problem } : {};
    },
    // The form exists only while the dialog is open, with its action and target.
    mutationFn: (body) => send({ action: action as OrderActionName, orderId: target?.id ?? "", body }),
    success: () => (action ? t(`toast.${action}`, { number, email }) : null),
    onSaved: () => {
      onClose();
      router.refresh();
    },
    onError: (error) => {
      // Above the staff refund limit (403): the answer names the limit; sign-in errors are silent elsewhere.
      if (error instanceof HttpError && error.status === 403) toast.error(error.message);
      // The order changed meanwhile (409): the toast says why; show its current state and actions.
      if (error instanceof HttpError && error.status === 409) {
        onClose();
        router.refresh();
      }
    },
    warn: false,
  });
  const { values, set, errors } = form;
  const busy = form.save.isPending;

  const danger = action === "cancel" || action === "refund" || action === "revokeLinks";
  const footer = action && (
    <>
      <button type="button" className="btn-secondary" onClick={() => form.cancel(onClose)} disabled={busy}>
        {action === "cancel" ? t("dialog.cancel.keep") : tc("cancel")}
      </button>
      <button
        type="submit"
        form="order-action-form"
        className={danger ? "btn-danger" : "btn-primary"}
        disabled={busy}
        data-testid="order-action-confirm"
      >
        {busy ? t("dialog.working") : t(`dialog.${action}.confirm`)}
      </button>
    </>
  );
  return (
    <Dialog
      open={action !== null && target !== null}
      title={action ? t(`dialog.${action}.title`, { number }) : ""}
      onClose={() => form.cancel(onClose)}
      size="md"
      testId="order-action-dialog"
      footer={footer}
    >
      <form id="order-action-form" onSubmit={form.onSubmit} noValidate className="space-y-4">
        {action && <p className="text-sm text-stone-600">{t(`dialog.${action}.text`, { number, email })}</p>}
        {action === "complete" && <CompleteFields values={values} errors={errors} set={set} />}
        {action === "cancel" && (
          <>
            {kept > 0 && (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="cancel-refund-note">
                {t("dialog.cancel.refundNote", { amount: formatEuro(kept, locale) })}
              </p>
            )}
            <CancelFields values={values} errors={errors} set={set} required={reasonRequired} />
          </>
        )}
        {action === "refund" && <RefundFields values={values} errors={errors} set={set} refundable={formatEuro(refundable, locale)} />}
      </form>
    </Dialog>
  );
}
