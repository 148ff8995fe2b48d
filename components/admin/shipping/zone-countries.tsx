"use client";

import { useTranslations } from "next-intl";

export interface CountryOption {
  code: string;
  name: string;
}

/** A country another zone holds is shown but locked: it is freed there first, so no country sits in two zones. */
export function ZoneCountries(props: {
  index: number;
  countries: CountryOption[];
  picked: string[];
  takenBy: (code: string) => string | null;
  error?: string;
  onChange: (picked: string[]) => void;
}) {
  const t = useTranslations("shippingSettings");
  const picked = new Set(props.picked);
  const errorId = `zone-${props.index}-countries-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={props.error ? errorId : undefined} aria-invalid={!!props.error}>
      <legend className="text-sm font-medium">
        {t("countries")} <span className="font-normal text-stone-600">({t("countriesPicked", { count: picked.size })})</span>
      </legend>
      <ul className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-4">
        {props.countries.map((c) => {
          const other = props.takenBy(c.code);
          return (
            <li key={c.code}>
              <label className={`flex items-center gap-2 ${other ? "text-stone-400" : ""}`}>
                <input
                  type="checkbox"
                  className="check"
                  name={`zones.${props.index}.countries`}
                  value={c.code}
                  checked={picked.has(c.code)}
                  disabled={other !== null}
                  onChange={(e) =>
                    props.onChange(e.target.checked ? [...props.picked, c.code] : props.picked.filter((code) => code !== c.code))
                  }
                />
                <span>
                  {c.name}
                  {other && <span className="sr-only sm:not-sr-only"> ({t("inOtherZone", { zone: other })})</span>}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {props.error && (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
