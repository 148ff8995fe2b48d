"use client";

import { useEffect } from "react";

/** What a row's action button carries: `data-row-action`, `data-row-id`, `data-row-label` and any other data-* attribute. */
export interface RowActionTarget {
  id: string;
  label: string;
  data: DOMStringMap;
}

/**
 * Lets plain server-rendered rows open the page's one dialog: a row renders
 * `<button type="button" data-row-action="delete" data-row-id="5" data-row-label="Mugs">` and the page's
 * host component handles clicks on every such button by event delegation. No client component (and no
 * dialog) per row.
 */
export function useRowActions(handlers: Record<string, (target: RowActionTarget) => void>): void {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element | null)?.closest?.("[data-row-action]");
      if (!(button instanceof HTMLElement)) return;
      const handler = handlers[button.dataset.rowAction ?? ""];
      if (!handler) return;
      e.preventDefault();
      handler({ id: button.dataset.rowId ?? "", label: button.dataset.rowLabel ?? "", data: button.dataset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [handlers]);
}
