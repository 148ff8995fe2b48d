"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";

export interface ListFilter {
  param: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

/** Each change replaces the URL's search params, so the server renders the new state and every state has a URL. */
export function ListToolbar({
  searchLabel,
  filters = [],
  children,
}: {
  searchLabel: string;
  filters?: readonly ListFilter[];
  children?: ReactNode;
}) {
  const t = useTranslations("list");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const urlQ = params.get("q") ?? "";
  const [q, setQ] = useState(urlQ);
  const [seenUrlQ, setSeenUrlQ] = useState(urlQ);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pushedQ, setPushedQ] = useState(urlQ);
  // The URL changed from outside (back button, a link), not from our own search: show its text.
  if (urlQ !== seenUrlQ) {
    setSeenUrlQ(urlQ);
    if (urlQ !== pushedQ) setQ(urlQ);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  function push(changes: Record<string, string>) {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    if ("q" in changes) setPushedQ(changes.q ?? "");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }

  function onSearch(value: string) {
    setQ(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => push({ q: value.trim() }), 350);
  }

  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        push({ q: q.trim() });
      }}
    >
      <label className="w-full text-sm sm:w-auto sm:min-w-48 sm:flex-1">
        <span className="label">{searchLabel}</span>
        <input
          type="search"
          className="input"
          value={q}
          placeholder={t("searchPlaceholder")}
          onChange={(e) => onSearch(e.target.value)}
          data-testid="list-search"
        />
      </label>
      {filters.map((f) => (
        <label key={f.param} className="min-w-0 flex-1 basis-[calc(50%-0.375rem)] text-sm sm:flex-none sm:basis-auto">
          <span className="label">{f.label}</span>
          <select
            className="input"
            value={params.get(f.param) ?? ""}
            onChange={(e) => push({ [f.param]: e.target.value })}
            data-testid={`list-filter-${f.param}`}
          >
            <option value="">{f.allLabel}</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {children}
    </form>
  );
}
