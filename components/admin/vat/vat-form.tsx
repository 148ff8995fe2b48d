"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { vatApi } from "@/lib/api-client/vat";
import { vatBody, type VatBody, type VatRateDto } from "@/lib/schemas/vat";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { TextAreaField, TextField } from "@/components/ui/form-field";

export function VatForm({ rate }: { rate?: VatRateDto }) {
  const t = useTranslations("vat");
  const tc = useTranslations("common");
  const router = useRouter();
  const { errors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState({
    name: rate?.name ?? "",
    percent: rate ? String(rate.percent) : "",
    description: rate?.description ?? "",
    isDefault: rate?.isDefault ?? false,
  });

  const save = useMutation({
    mutationFn: (body: VatBody) => (rate ? vatApi.update(rate.id, body) : vatApi.create(body)),
    onSuccess: () => {
      toast.success(rate ? t("updated") : t("created"));
      router.push("/admin/vat");
      router.refresh();
    },
    onError: fromServer,
  });

  function toBody() {
    const percent = values.percent.trim() === "" ? undefined : Number(values.percent.replace(",", "."));
    return { name: values.name, percent, description: values.description, isDefault: values.isDefault };
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = validate(vatBody, toBody());
    if (body) save.mutate(body);
  }

  const lockedDefault = !!rate?.isDefault;
  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-lg space-y-4" data-testid="vat-form">
      <TextField
        id="vat-name"
        label={t("name")}
        required
        maxLength={255}
        value={values.name}
        error={errors.name}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <TextField
        id="vat-percent"
        label={t("percent")}
        required
        inputMode="decimal"
        value={values.percent}
        error={errors.percent}
        onChange={(e) => setValues({ ...values, percent: e.target.value })}
      />
      <TextAreaField
        id="vat-description"
        label={t("description")}
        rows={3}
        maxLength={1000}
        value={values.description}
        error={errors.description}
        onChange={(e) => setValues({ ...values, description: e.target.value })}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.isDefault}
          disabled={lockedDefault}
          onChange={(e) => setValues({ ...values, isDefault: e.target.checked })}
        />
        {t("isDefault")}
      </label>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? tc("saving") : tc("save")}
        </button>
        <button type="button" className="btn-secondary" onClick={() => router.push("/admin/vat")}>
          {tc("cancel")}
        </button>
      </div>
    </form>
  );
}
