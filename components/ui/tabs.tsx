"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem {
  id: string;
  label: string;
  invalid?: boolean;
  content: ReactNode;
}

/** Every panel stays mounted (hidden when inactive) so form state survives tab changes. */
export function Tabs({
  items,
  active,
  onChange,
  label,
}: {
  items: TabItem[];
  active: string;
  onChange: (id: string) => void;
  label: string;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKey(e: KeyboardEvent, index: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    onChange(next.id);
    refs.current[next.id]?.focus();
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="-mx-1 flex flex-wrap gap-x-1 border-b border-stone-200 px-1 sm:flex-nowrap sm:overflow-x-auto"
      >
        {items.map((tab, i) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              data-testid={`tab-${tab.id}`}
              data-invalid={tab.invalid ? "true" : undefined}
              onClick={() => onChange(tab.id)}
              onKeyDown={(e) => onKey(e, i)}
              className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-2.5 py-2 text-sm sm:px-3 ${
                selected ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-stone-600 hover:text-stone-900"
              } ${tab.invalid ? "text-red-700" : ""}`}
            >
              {tab.label}
              {tab.invalid && <span aria-hidden className="ml-1 inline-block h-2 w-2 rounded-full bg-red-600 align-middle" />}
            </button>
          );
        })}
      </div>
      {items.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== active}
          className="pt-4"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
