"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { adminOrdersApi } from "@/lib/api-client/admin-orders";
import { HttpError } from "@/lib/api-client/fetcher";
import { formatEuro } from "@/lib/format";
import { cancelOrderBody, completeOrderBody, refundOrderBody } from "@/lib/schemas/admin-orders";
import { Dialog } from "@/components/ui/dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import type { RowActionTarget } from "@/components/ui/list/use-row-actions";
import type { OrderActionName } from "./order-action-buttons";
import { CancelFields, CompleteFields, RefundFields, type ActionValues } from "./order-action-fields";
import { parseCents } from "@/components/admin/articles/numbers";

const EMPTY: ActionValues = { carrier: "", trackingNumber: "", reason: "", refundMode: "full", amount: "" };

type Body = { action: OrderActionName; orderId: string; body?: unknown };

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
  const { errors, validate, fromServer } = useFieldErrors();
  const [local, setLocal] = useState<Record<string, string>>({});
  const [values, setValues] = useState(EMPTY);
  // One key per opened dialog: a double submit, or a retry after a lost answer, refunds once.
  const [refundKey] = useState(newRefundKey);
  const number = target?.label ?? "";
  const email = target?.data.email ?? "";
  const refundable = Number(target?.data.refundableCents ?? 0);
  const kept = Number(target?.data.keptCents ?? 0);
  const reasonRequired = action === "cancel" && target?.data.status === "processing";

  const run = useAdminMutation({
    mutationFn: send,
    success: (_result, vars) => t(`toast.${vars.action}`, { number, email }),
    onSuccess: () => {
      onClose();
      router.refresh();
    },
    onFieldErrors: () => undefined,
    onError: (error) => {
      fromServer(error);
      // The order changed meanwhile (409): the toast says why; show its current state and actions.
      if (error instanceof HttpError && error.status === 409) {
        onClose();
        router.refresh();
      }
    },
  });

  function bodyOf(): unknown | null {
    setLocal({});
    if (action === "complete") return validate(completeOrderBody, { carrier: values.carrier, trackingNumber: values.trackingNumber });
    if (action === "cancel") {
      if (reasonRequired && !values.reason.trim()) {
        validate(cancelOrderBody, {});
        setLocal({ reason: tv("reasonRequired") });
        return null;
      }
      return validate(cancelOrderBody, { reason: values.reason });
    }
    if (action === "refund") {
      const cents = values.refundMode === "full" ? undefined : parseCents(values.amount);
      const body = validate(refundOrderBody, {
        amountCents: cents === undefined || Number.isNaN(cents) ? undefined : cents,
        reason: values.reason,
        idempotencyKey: refundKey,
      });
      if (values.refundMode === "partial") {
        const problem =
          cents === undefined || Number.isNaN(cents)
            ? t("dialog.refund.amountInvalid")
            : cents <= 0
              ? tv("amountPositive")
              : cents > refundable
                ? te("refundTooLarge", { max: formatEuro(refundable, locale) })
                : null;
        if (problem) {
          setLocal({ amountCents: problem });
          return null;
        }
      }
      return body;
    }
    return undefined;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!action || !target) return;
    const body = bodyOf();
    if (body === null) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[data-testid="order-action-dialog"] [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    run.mutate({ action, orderId: target.id, body });
  }

  const fieldErrors = { ...errors, ...local };
  const set = (key: keyof ActionValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const danger = action === "cancel" || action === "refund" || action === "revokeLinks";
  const footer = action && (
    <>
      <button type="button" className="btn-secondary" onClick={onClose} disabled={run.isPending}>
        {action === "cancel" ? t("dialog.cancel.keep") : tc("cancel")}
      </button>
      <button
        type="submit"
        form="order-action-form"
        className={danger ? "btn-danger" : "btn-primary"}
        disabled={run.isPending}
        data-testid="order-action-confirm"
      >
        {run.isPending ? t("dialog.working") : t(`dialog.${action}.confirm`)}
      </button>
    </>
  );
  return (
    <Dialog
      open={action !== null && target !== null}
      title={action ? t(`dialog.${action}.title`, { number }) : ""}
      onClose={onClose}
      size="md"
      testId="order-action-dialog"
      footer={footer}
    >
      <form id="order-action-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {action && <p className="text-sm text-stone-600">{t(`dialog.${action}.text`, { number, email })}</p>}
        {action === "complete" && <CompleteFields values={values} errors={fieldErrors} set={set} />}
        {action === "cancel" && (
          <>
            {kept > 0 && (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="cancel-refund-note">
                {t("dialog.cancel.refundNote", { amount: formatEuro(kept, locale) })}
              </p>
            )}
            <CancelFields values={values} errors={fieldErrors} set={set} required={reasonRequired} />
          </>
        )}
        {action === "refund" && <RefundFields values={values} errors={fieldErrors} set={set} refundable={formatEuro(refundable, locale)} />}
      </form>
    </Dialog>
  );
}
