"use client";

import { useLocale, useTranslations } from "next-intl";
import { shippingApi } from "@/lib/api-client/shipping";
import { shippingSettingsBody, type ShippingSettingsDto, ZONE_NAME_MAX } from "@/lib/schemas/shipping";
import { TextField } from "@/components/ui/form-field";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { formatCentsInput, parseCents } from "@/components/admin/articles/numbers";
import { ZoneCountries, type CountryOption } from "./zone-countries";

/** Keyed like the body, so the server's field errors land on the fields; amounts are typed in euros. */
interface ZoneValues {
  name: string;
  countries: string[];
  priceCents: string;
  extraItemCents: string;
  freeFromCents: string;
}
interface Values {
  zones: ZoneValues[];
}

const toValues = (dto: ShippingSettingsDto, locale: string): Values => ({
  zones: dto.zones.map((z) => ({
    name: z.name,
    countries: [...z.countries],
    priceCents: formatCentsInput(z.priceCents, locale),
    extraItemCents: z.extraItemCents ? formatCentsInput(z.extraItemCents, locale) : "",
    freeFromCents: z.freeFromCents === null ? "" : formatCentsInput(z.freeFromCents, locale),
  })),
});

/** An empty price is refused, an empty extra is 0 and an empty threshold "never free"; bad text is NaN and fails with the field's message. */
const toBody = (v: Values) => ({
  zones: v.zones.map((z) => ({
    name: z.name,
    countries: z.countries,
    priceCents: parseCents(z.priceCents) ?? NaN,
    extraItemCents: parseCents(z.extraItemCents) ?? 0,
    freeFromCents: parseCents(z.freeFromCents) ?? null,
  })),
});

const EMPTY_ZONE: ZoneValues = { name: "", countries: [], priceCents: "", extraItemCents: "", freeFromCents: "" };

export function ShippingForm({ settings, countries }: { settings: ShippingSettingsDto; countries: CountryOption[] }) {
  const t = useTranslations("shippingSettings");
  const tc = useTranslations("common");
  const locale = useLocale();
  const form = useAdminForm({
    initial: () => toValues(settings, locale),
    schema: shippingSettingsBody,
    toBody,
    mutationFn: (body) => shippingApi.save(body),
    success: t("saved"),
    stay: (r) => toValues(r, locale),
  });
  const { values, setValues, errors } = form;
  const setZone = (i: number, patch: Partial<ZoneValues>) =>
    setValues((v) => ({ zones: v.zones.map((z, n) => (n === i ? { ...z, ...patch } : z)) }));
  const zoneOf = new Map(values.zones.flatMap((z, i) => z.countries.map((c) => [c, i] as const)));
  const unsold = countries.filter((c) => !zoneOf.has(c.code));
  const countryError = (i: number) =>
    Object.entries(errors).find(([k]) => k === `zones.${i}.countries` || k.startsWith(`zones.${i}.countries.`))?.[1];

  return (
    <form onSubmit={form.onSubmit} noValidate className="max-w-4xl space-y-4" data-testid="shipping-form">
      {settings.source === "default" && (
        <p role="note" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="shipping-defaults">
          {t("fromDefaults")}
        </p>
      )}
      {errors.zones && (
        <p role="alert" className="text-sm text-red-700">
          {errors.zones}
        </p>
      )}
      {values.zones.map((zone, i) => (
        <fieldset key={i} className="card space-y-3" data-testid="shipping-zone-form">
          <legend className="float-left mb-1 flex w-full items-center justify-between gap-2 text-base font-semibold">
            <span>{zone.name || t("zone", { number: i + 1 })}</span>
            <button
              type="button"
              className="btn-secondary text-sm"
              disabled={values.zones.length === 1}
              onClick={() => setValues((v) => ({ zones: v.zones.filter((_, n) => n !== i) }))}
            >
              {t("removeZone")}
            </button>
          </legend>
          <div className="clear-left grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <TextField
              id={`zone-${i}-name`}
              name={`zones.${i}.name`}
              label={t("name")}
              required
              maxLength={ZONE_NAME_MAX}
              value={zone.name}
              error={errors[`zones.${i}.name`]}
              onChange={(e) => setZone(i, { name: e.target.value })}
            />
            {(["priceCents", "extraItemCents", "freeFromCents"] as const).map((field) => (
              <TextField
                key={field}
                id={`zone-${i}-${field}`}
                name={`zones.${i}.${field}`}
                label={t(field === "priceCents" ? "price" : field === "extraItemCents" ? "extraItem" : "freeFrom")}
                required={field === "priceCents"}
                hint={field === "freeFromCents" ? t("freeFromHint") : undefined}
                inputMode="decimal"
                maxLength={12}
                value={zone[field]}
                error={errors[`zones.${i}.${field}`]}
                onChange={(e) => setZone(i, { [field]: e.target.value })}
              />
            ))}
          </div>
          <ZoneCountries
            index={i}
            countries={countries}
            picked={zone.countries}
            takenBy={(code) => {
              const other = zoneOf.get(code);
              return other === undefined || other === i ? null : values.zones[other]?.name || t("zone", { number: other + 1 });
            }}
            error={countryError(i)}
            onChange={(picked) => setZone(i, { countries: picked })}
          />
        </fieldset>
      ))}
      {unsold.length > 0 && (
        <p className="text-sm text-stone-600" data-testid="shipping-unsold">
          {t("notSold", { countries: unsold.map((c) => c.name).join(", ") })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setValues((v) => ({ zones: [...v.zones, { ...EMPTY_ZONE }] }))}>
          {t("addZone")}
        </button>
        <button type="submit" className="btn-primary" disabled={form.save.isPending}>
          {form.save.isPending ? tc("saving") : tc("save")}
        </button>
      </div>
    </form>
  );
}
