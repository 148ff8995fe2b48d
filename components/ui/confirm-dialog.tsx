"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/** Modal confirmation built on <dialog> (focus trap, Escape to cancel). */
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
      className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.children}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel}
          </button>
          <button type="button" className={props.danger ? "btn-danger" : "btn-primary"} onClick={props.onConfirm} disabled={props.busy}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
