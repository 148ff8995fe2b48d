"use client";

import { createPortal } from "react-dom";
import type { ComponentProps } from "react";
import { Dialog } from "@/components/ui/dialog";

/**
 * The article form's dialogs hold their own <form> and must not sit inside the article's <form> (nested
 * forms; Enter would save the article). Portal submit events still bubble through React's tree: the inner forms stop them.
 */
export function PortalDialog(props: ComponentProps<typeof Dialog>) {
  if (!props.open || typeof document === "undefined") return null;
  return createPortal(<Dialog {...props} />, document.body);
}
