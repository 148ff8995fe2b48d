"use client";

import { useEffect } from "react";

/** What a row's action button carries: `data-row-action`, the row's `data-row-id` and `data-row-label` (on the button or an element around it) and any other data-* attribute of either. */
export interface RowActionTarget {
  id: string;
  label: string;
  data: DOMStringMap;
}

/**
 * Lets plain server-rendered rows open the page's one dialog: a row renders
 * `<div data-row-id="5" data-row-label="Mugs"><button type="button" data-row-action="delete">` (or all three
 * attributes on the button) and the page's host component handles clicks on every such button by event
 * delegation. No client component (and no dialog) per row.
 */
export function useRowActions(handlers: Record<string, (target: RowActionTarget) => void>): void {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element | null)?.closest?.("[data-row-action]");
      if (!(button instanceof HTMLElement)) return;
      const handler = handlers[button.dataset.rowAction ?? ""];
      if (!handler) return;
      e.preventDefault();
      const row = button.closest("[data-row-id]");
      const data: DOMStringMap = { ...(row instanceof HTMLElement ? row.dataset : {}), ...button.dataset };
      handler({ id: data.rowId ?? "", label: data.rowLabel ?? "", data });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [handlers]);
}
