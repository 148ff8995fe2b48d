"use client";

import { useState } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `legend` and `testIdPrefix` let another list (the audit log) use it; the orders list keeps the defaults. */
export function DateRangeFilter({ legend, testIdPrefix = "order-filter" }: { legend?: string; testIdPrefix?: string } = {}) {
  const t = useTranslations("adminOrders.filters");
  const tv = useTranslations("validation");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const urlFrom = params.get("from") ?? "";
  const urlTo = params.get("to") ?? "";
  const [values, setValues] = useState({ from: urlFrom, to: urlTo });
  const [seen, setSeen] = useState(`${urlFrom}|${urlTo}`);
  // The URL changed from outside (back button, reset link): show its dates.
  if (seen !== `${urlFrom}|${urlTo}`) {
    setSeen(`${urlFrom}|${urlTo}`);
    setValues({ from: urlFrom, to: urlTo });
  }
  const invalidRange = !!values.from && !!values.to && values.from > values.to;

  function change(key: "from" | "to", value: string) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (value && !DAY.test(value)) return;
    if (next.from && next.to && next.from > next.to) return;
    const query = new URLSearchParams(params.toString());
    for (const k of ["from", "to"] as const) {
      if (next[k]) query.set(k, next[k]);
      else query.delete(k);
    }
    query.delete("page");
    const search = query.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  }

  return (
    <fieldset className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
      <legend className="sr-only">{legend ?? t("dateRange")}</legend>
      {(["from", "to"] as const).map((key) => (
        <label key={key} className="min-w-0 flex-1 basis-[calc(50%-0.375rem)] text-sm sm:flex-none sm:basis-auto">
          <span className="label">{t(key)}</span>
          <input
            type="date"
            className="input"
            value={values[key]}
            max={key === "from" ? values.to || undefined : undefined}
            min={key === "to" ? values.from || undefined : undefined}
            aria-invalid={key === "to" && invalidRange}
            aria-describedby={key === "to" && invalidRange ? `${testIdPrefix}-range-error` : undefined}
            onChange={(e) => change(key, e.target.value)}
            data-testid={`${testIdPrefix}-${key}`}
          />
        </label>
      ))}
      {invalidRange && (
        <p id={`${testIdPrefix}-range-error`} className="field-error w-full" role="alert">
          {tv("dateRangeInvalid")}
        </p>
      )}
    </fieldset>
  );
}
