"use client";

import { useTranslations } from "next-intl";
import { vatApi } from "@/lib/api-client/vat";
import { vatBody, type VatRateDto } from "@/lib/schemas/vat";
import { FormButtons } from "@/components/ui/form/form-buttons";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { TextAreaField, TextField } from "@/components/ui/form-field";

export function VatForm({ rate }: { rate?: VatRateDto }) {
  const t = useTranslations("vat");
  const form = useAdminForm({
    initial: () => ({
      name: rate?.name ?? "",
      nameDe: rate?.nameDe ?? "",
      percent: rate ? String(rate.percent) : "",
      description: rate?.description ?? "",
      isDefault: rate?.isDefault ?? false,
    }),
    schema: vatBody,
    toBody: (v) => {
      const percent = v.percent.trim() === "" ? undefined : Number(v.percent.replace(",", "."));
      return { name: v.name, nameDe: v.nameDe, percent, description: v.description, isDefault: v.isDefault };
    },
    mutationFn: (body) => (rate ? vatApi.update(rate.id, body) : vatApi.create(body)),
    success: rate ? t("updated") : t("created"),
    backTo: "/admin/vat",
  });

  const { values, set } = form;
  const lockedDefault = !!rate?.isDefault;
  return (
    <form onSubmit={form.onSubmit} noValidate className="card max-w-lg space-y-4" data-testid="vat-form">
      <TextField id="vat-name" label={t("nameEn")} required maxLength={255} {...form.bind("name")} />
      <TextField id="vat-name-de" label={t("nameDe")} lang="de" maxLength={255} hint={t("nameDeHint")} {...form.bind("nameDe")} />
      <TextField id="vat-percent" label={t("percent")} required inputMode="decimal" {...form.bind("percent")} />
      <TextAreaField id="vat-description" label={t("description")} rows={3} maxLength={1000} {...form.bind("description")} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.isDefault} disabled={lockedDefault} onChange={(e) => set("isDefault", e.target.checked)} />
        {t("isDefault")}
      </label>
      <FormButtons form={form} cancel="/admin/vat" />
    </form>
  );
}
