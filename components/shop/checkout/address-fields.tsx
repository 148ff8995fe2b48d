"use client";

import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { countriesQuery } from "@/lib/api-client/countries";
import { TextField } from "@/components/ui/form-field";

export interface AddressValues {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string;
  city: string;
  postalCode: string;
  countryCode: string;
}

export const DEFAULT_COUNTRY = "DE";

export function emptyAddress(firstName = "", lastName = ""): AddressValues {
  return { firstName, lastName, street1: "", street2: "", city: "", postalCode: "", countryCode: DEFAULT_COUNTRY };
}

/** Keyed by language because the answer's names depend on it. */
function useCountries() {
  const locale = useLocale();
  return useQuery(countriesQuery(locale));
}

export function AddressFields(props: {
  section: "shipping" | "billing";
  legend: string;
  value: AddressValues;
  onChange: (patch: Partial<AddressValues>) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const t = useTranslations("checkout");
  const countries = useCountries();
  const countryId = useId();
  const prefix = `${props.section}Address`;
  const err = (field: keyof AddressValues) => props.errors[`${prefix}.${field}`];
  const text = (field: Exclude<keyof AddressValues, "countryCode">, label: string, autoComplete: string, required = true) => (
    <TextField
      label={label}
      name={`${prefix}.${field}`}
      autoComplete={`${props.section} ${autoComplete}`}
      required={required}
      value={props.value[field]}
      error={err(field)}
      disabled={props.disabled}
      onChange={(e) => props.onChange({ [field]: e.target.value })}
    />
  );
  const countryError = err("countryCode") ?? (countries.isError ? t("countriesFailed") : undefined);
  // Until the list arrives (or if it fails), the chosen code stays selectable.
  const options = countries.data ?? [{ code: props.value.countryCode, name: props.value.countryCode, nameEn: "", nameDe: "" }];

  return (
    <fieldset className="card space-y-4" data-testid={`${props.section}-address`} disabled={props.disabled}>
      <legend className="float-left mb-2 w-full text-lg font-semibold">{props.legend}</legend>
      <div className="grid clear-both gap-4 sm:grid-cols-2">
        {text("firstName", t("firstName"), "given-name")}
        {text("lastName", t("lastName"), "family-name")}
      </div>
      {text("street1", t("street1"), "address-line1")}
      {text("street2", t("street2"), "address-line2", false)}
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        {text("postalCode", t("postalCode"), "postal-code")}
        {text("city", t("city"), "address-level2")}
      </div>
      <div>
        <label htmlFor={countryId} className="label">
          {t("country")} *
        </label>
        <select
          id={countryId}
          name={`${prefix}.countryCode`}
          className="input"
          autoComplete={`${props.section} country`}
          value={props.value.countryCode}
          aria-invalid={!!countryError}
          aria-describedby={countryError ? `${countryId}-error` : undefined}
          onChange={(e) => props.onChange({ countryCode: e.target.value })}
        >
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError && (
          <p id={`${countryId}-error`} className="field-error">
            {countryError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
