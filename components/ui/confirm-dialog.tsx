"use client";

import type { ReactNode } from "react";
import { Dialog } from "./dialog";

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel}
          </button>
          <button type="button" className={props.danger ? "btn-danger" : "btn-primary"} onClick={props.onConfirm} disabled={props.busy}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}
