"use client";

import { useEffect } from "react";

export interface RowActionTarget {
  id: string;
  label: string;
  data: DOMStringMap;
}

/** Server-rendered rows open the page's one dialog by event delegation: no client component per row. */
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
