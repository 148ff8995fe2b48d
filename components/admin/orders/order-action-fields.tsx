"use client";

import { useTranslations } from "next-intl";
import { TextAreaField, TextField } from "@/components/ui/form-field";

export interface ActionValues {
  carrier: string;
  trackingNumber: string;
  reason: string;
  refundMode: "full" | "partial";
  amount: string;
}

interface FieldsProps {
  values: ActionValues;
  errors: Record<string, string>;
  set: <K extends keyof ActionValues>(key: K, value: ActionValues[K]) => void;
}

export function CompleteFields({ values, errors, set }: FieldsProps) {
  const t = useTranslations("adminOrders.dialog.complete");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="order-carrier"
        label={t("carrier")}
        value={values.carrier}
        error={errors.carrier}
        maxLength={100}
        placeholder={t("carrierPlaceholder")}
        onChange={(e) => set("carrier", e.target.value)}
      />
      <TextField
        id="order-trackingNumber"
        label={t("trackingNumber")}
        value={values.trackingNumber}
        error={errors.trackingNumber}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => set("trackingNumber", e.target.value)}
      />
    </div>
  );
}

export function CancelFields({ values, errors, set, required }: FieldsProps & { required: boolean }) {
  const t = useTranslations("adminOrders.dialog.cancel");
  return (
    <TextAreaField
      id="order-reason"
      label={required ? t("reason") : t("reasonOptional")}
      required={required}
      rows={3}
      maxLength={500}
      value={values.reason}
      error={errors.reason}
      onChange={(e) => set("reason", e.target.value)}
    />
  );
}

export function RefundFields({ values, errors, set, refundable }: FieldsProps & { refundable: string }) {
  const t = useTranslations("adminOrders.dialog.refund");
  const radio = "h-4 w-4 border-stone-300 accent-brand-600";
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="label">{t("amountLegend")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="refund-mode"
            className={radio}
            checked={values.refundMode === "full"}
            onChange={() => set("refundMode", "full")}
          />
          {t("full", { amount: refundable })}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="refund-mode"
            className={radio}
            checked={values.refundMode === "partial"}
            onChange={() => set("refundMode", "partial")}
          />
          {t("partial")}
        </label>
      </fieldset>
      {values.refundMode === "partial" && (
        <TextField
          id="order-amountCents"
          label={t("amount")}
          required
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          error={errors.amountCents}
          hint={t("amountHint", { max: refundable })}
          onChange={(e) => set("amount", e.target.value)}
        />
      )}
      <TextAreaField
        id="order-refund-reason"
        label={t("reason")}
        required
        rows={3}
        maxLength={500}
        value={values.reason}
        error={errors.reason}
        onChange={(e) => set("reason", e.target.value)}
      />
    </>
  );
}
