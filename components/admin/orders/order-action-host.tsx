"use client";

import { useMemo, useState } from "react";
import { useRowActions, type RowActionTarget } from "@/components/ui/list/use-row-actions";
import { OrderActionDialog } from "./order-action-dialog";
import type { OrderActionName } from "./order-action-buttons";

const ACTIONS: readonly OrderActionName[] = ["process", "complete", "deliver", "cancel", "refund", "resendReceipt", "revokeLinks"];

export function OrderActionHost() {
  const [open, setOpen] = useState<{ action: OrderActionName; target: RowActionTarget; seq: number } | null>(null);
  const handlers = useMemo(
    () =>
      Object.fromEntries(
        ACTIONS.map((action) => [action, (target: RowActionTarget) => setOpen((prev) => ({ action, target, seq: (prev?.seq ?? 0) + 1 }))]),
      ),
    [],
  );
  useRowActions(handlers);
  // A fresh dialog (empty fields) for every click.
  return (
    <OrderActionDialog
      key={open ? `${open.action}-${open.target.id}-${open.seq}` : "closed"}
      action={open?.action ?? null}
      target={open?.target ?? null}
      onClose={() => setOpen(null)}
    />
  );
}
