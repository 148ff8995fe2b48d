"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { OrderDto } from "@/lib/schemas/orders";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function CancelOrderButton<T>(props: {
  order: Pick<OrderDto, "orderNumber" | "paymentStatus">;
  cancel: () => Promise<T>;
  onCancelled: (result: T) => void;
  onFailed?: (err: Error) => void;
  onSettled?: () => Promise<unknown>;
  testId?: string;
}) {
  const { order } = props;
  const t = useTranslations("orders");
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: props.cancel,
    onSuccess: (result) => {
      setConfirming(false);
      props.onCancelled(result);
    },
    onError: (err) => {
      setConfirming(false);
      props.onFailed?.(err);
    },
    onSettled: props.onSettled,
  });

  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => setConfirming(true)}
        aria-label={t("cancelLabel", { number: order.orderNumber })}
        data-testid={props.testId}
      >
        {t("cancel")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("confirmCancelTitle", { number: order.orderNumber })}
        confirmLabel={t("cancel")}
        cancelLabel={t("keepOrder")}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-stone-600">{order.paymentStatus === "paid" ? t("confirmCancelPaid") : t("confirmCancelText")}</p>
      </ConfirmDialog>
    </>
  );
}
