"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { brandApi } from "@/lib/api-client/brand";
import { accentVariables, HEX_COLOR } from "@/lib/domain/brand";
import { brandBody, SHOP_NAME_MAX, type BrandDto } from "@/lib/schemas/brand";
import { TextField } from "@/components/ui/form-field";
import { FormSection } from "@/components/ui/form/form-section";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { BrandLogo } from "./brand-logo";

type Values = { shopName: string; primaryColor: string; supportEmail: string };

const toValues = (dto: BrandDto): Values => ({
  shopName: dto.shopName,
  primaryColor: dto.primaryColor,
  supportEmail: dto.supportEmail ?? "",
});

export function BrandForm({ brand, logoMaxMb }: { brand: BrandDto; logoMaxMb: number }) {
  const t = useTranslations("brand");
  const tc = useTranslations("common");
  const [current, setCurrent] = useState(brand);
  const form = useAdminForm({
    initial: () => toValues(brand),
    schema: brandBody,
    toBody: (v) => ({ ...v, supportEmail: v.supportEmail || null }),
    mutationFn: (body) => brandApi.save(body),
    success: t("saved"),
    stay: (r) => toValues(r),
    onSaved: (r) => setCurrent(r),
  });
  const { values, set, errors } = form;
  const colour = HEX_COLOR.test(values.primaryColor.toLowerCase()) ? values.primaryColor.toLowerCase() : current.primaryColor;

  return (
    <div className="max-w-2xl space-y-4">
      {current.source === "default" && (
        <p role="note" data-testid="brand-from-default" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
          {t("fromDefault")}
        </p>
      )}
      <form onSubmit={form.onSubmit} noValidate className="card space-y-4" data-testid="brand-form">
        <FormSection legend={t("title")}>
          <TextField
            id="brand-shopName"
            label={t("shopName")}
            required
            counter
            maxLength={SHOP_NAME_MAX}
            autoComplete="organization"
            value={values.shopName}
            error={errors.shopName}
            onChange={(e) => set("shopName", e.target.value)}
          />
          <TextField
            id="brand-supportEmail"
            label={t("supportEmail")}
            type="email"
            autoComplete="email"
            maxLength={255}
            value={values.supportEmail}
            error={errors.supportEmail}
            onChange={(e) => set("supportEmail", e.target.value)}
          />
          <div className="flex items-end gap-3">
            <input
              type="color"
              aria-label={t("primaryColor")}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-stone-300 bg-white"
              value={colour}
              onChange={(e) => set("primaryColor", e.target.value)}
            />
            <div className="flex-1">
              <TextField
                id="brand-primaryColor"
                label={t("primaryColor")}
                required
                maxLength={7}
                hint={t("primaryColorHint")}
                value={values.primaryColor}
                error={errors.primaryColor}
                onChange={(e) => set("primaryColor", e.target.value)}
              />
            </div>
          </div>
        </FormSection>
        <BrandPreview shopName={values.shopName || current.shopName} colour={colour} logoUrl={current.logoUrl} />
        <button type="submit" className="btn-primary" disabled={form.save.isPending}>
          {form.save.isPending ? tc("saving") : tc("save")}
        </button>
      </form>
      <BrandLogo brand={current} maxMb={logoMaxMb} onChange={setCurrent} />
    </div>
  );
}

/** The header and a button as the shop will show them, text colour picked by luminance. */
function BrandPreview({ shopName, colour, logoUrl }: { shopName: string; colour: string; logoUrl: string | null }) {
  const t = useTranslations("brand");
  return (
    <div style={accentVariables(colour)} data-testid="brand-preview" className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <p className="mb-2 text-xs font-medium uppercase text-stone-500">{t("preview")}</p>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-white px-3 py-2">
        <span className="flex items-center gap-2 text-lg font-bold text-brand-700">
          {logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the stored logo, a small PNG
            <img src={logoUrl} alt="" width={32} height={32} className="h-8 w-auto max-w-24 object-contain" />
          )}
          {shopName}
        </span>
        <span className="btn-primary pointer-events-none">{t("previewButton")}</span>
      </div>
    </div>
  );
}
