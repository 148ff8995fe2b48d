"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

/** Native <dialog> (focus trap, Escape, backdrop); list rows open the page's one dialog (list/use-row-actions.ts). */
export function Dialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  testId?: string;
  /** In <body>: a dialog's own <form> must not nest in a page's form (Enter would save the page); the inner form stops submits. */
  portal?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const width = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-5xl" }[props.size ?? "sm"];
  const shell = (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={props.testId}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${width} max-h-[calc(100dvh-1.5rem)] rounded-lg p-0 shadow-xl backdrop:bg-black/40`}
    >
      {props.open && (
        <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
          <h2 id={titleId} className="border-b border-stone-200 px-4 py-3 text-lg font-semibold sm:px-6">
            {props.title}
          </h2>
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4 sm:px-6">{props.children}</div>
          {props.footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 px-4 py-3 sm:px-6">{props.footer}</div>
          )}
        </div>
      )}
    </dialog>
  );
  if (!props.portal) return shell;
  return props.open && typeof document !== "undefined" ? createPortal(shell, document.body) : null;
}
