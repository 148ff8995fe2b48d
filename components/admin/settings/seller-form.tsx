"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { settingsApi } from "@/lib/api-client/settings";
import { sellerSettingsBody, type SellerSettingsDto } from "@/lib/schemas/seller-settings";
import { SELLER_KEYS, type SellerKey } from "@/lib/domain/seller";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { TextField } from "@/components/ui/form-field";

type Values = Record<SellerKey, string>;

const toValues = (dto: SellerSettingsDto): Values => Object.fromEntries(SELLER_KEYS.map((k) => [k, dto.values[k] ?? ""])) as Values;

/** The fields an invoice needs (§14 Abs. 4 UStG); the VAT ID or the tax number is asked for below. */
const REQUIRED = new Set<SellerKey>(["name", "street", "postalCode", "city", "country"]);

const SECTIONS: { key: "company" | "address" | "contact" | "tax" | "bank"; fields: SellerKey[] }[] = [
  { key: "company", fields: ["name", "representative"] },
  { key: "address", fields: ["street", "postalCode", "city", "country"] },
  { key: "contact", fields: ["email", "phone"] },
  { key: "tax", fields: ["vatId", "taxNumber", "register"] },
  { key: "bank", fields: ["bankName", "iban", "bic"] },
];

const INPUT: Partial<Record<SellerKey, { type?: string; inputMode?: "tel" | "email"; autoComplete?: string; maxLength: number }>> = {
  name: { autoComplete: "organization", maxLength: 255 },
  street: { autoComplete: "address-line1", maxLength: 255 },
  postalCode: { autoComplete: "postal-code", maxLength: 20 },
  city: { autoComplete: "address-level2", maxLength: 255 },
  country: { autoComplete: "country-name", maxLength: 100 },
  email: { type: "email", autoComplete: "email", maxLength: 255 },
  phone: { type: "tel", autoComplete: "tel", maxLength: 50 },
  vatId: { maxLength: 30 },
  taxNumber: { maxLength: 30 },
  iban: { maxLength: 42 },
  bic: { maxLength: 11 },
};

export function SellerForm({ settings, strict }: { settings: SellerSettingsDto; strict: boolean }) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const [current, setCurrent] = useState(settings);
  const form = useAdminForm({
    initial: () => toValues(settings),
    schema: sellerSettingsBody,
    mutationFn: (body) => settingsApi.save(body),
    success: (r) => (r.issued ? t("issued", { count: r.issued }) : t("saved")),
    stay: (r) => toValues(r),
    onSaved: (r) => setCurrent(r),
  });
  const { values, set, errors } = form;
  const label = (k: SellerKey) => t(`field.${k}`);
  const missing = current.missing.map((k) => (k === "vatId" ? t("vatOrTax") : label(k))).join(", ");

  return (
    <form onSubmit={form.onSubmit} noValidate className="max-w-2xl space-y-4" data-testid="seller-form">
      {current.source === "environment" && (
        <Notice testId="settings-from-environment" tone="info">
          {t("fromEnvironment")}
        </Notice>
      )}
      {current.missing.length > 0 && (
        <Notice testId="settings-missing" tone="warn">
          <span className="block font-semibold">{t("missingTitle")}</span>
          {strict ? t("missingText", { fields: missing }) : t("missingTextDemo", { fields: missing })}
        </Notice>
      )}
      {current.waitingInvoices > 0 && (
        <Notice testId="settings-waiting" tone="warn">
          {t("waiting", { count: current.waitingInvoices })}
        </Notice>
      )}
      {SECTIONS.map((section) => (
        <fieldset key={section.key} className="card space-y-3">
          <legend className="float-left mb-1 w-full text-base font-semibold">{t(section.key)}</legend>
          {section.key === "tax" && <p className="clear-left text-sm text-stone-600">{t("taxHint")}</p>}
          <div className="clear-left grid gap-3 sm:grid-cols-2">
            {section.fields.map((k) => (
              <TextField
                key={k}
                id={`seller-${k}`}
                label={label(k)}
                required={REQUIRED.has(k)}
                maxLength={INPUT[k]?.maxLength ?? 255}
                type={INPUT[k]?.type}
                autoComplete={INPUT[k]?.autoComplete ?? "off"}
                value={values[k]}
                error={errors[k]}
                onChange={(e) => set(k, e.target.value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <button type="submit" className="btn-primary" disabled={form.save.isPending}>
        {form.save.isPending ? tc("saving") : tc("save")}
      </button>
    </form>
  );
}

function Notice({ testId, tone, children }: { testId: string; tone: "info" | "warn"; children: ReactNode }) {
  const colours = tone === "warn" ? "border-amber-400 bg-amber-50 text-amber-950" : "border-sky-300 bg-sky-50 text-sky-950";
  return (
    <p role="note" data-testid={testId} className={`rounded-md border p-3 text-sm ${colours}`}>
      {children}
    </p>
  );
}
