"use client";

import { useLocale, useTranslations } from "next-intl";
import { discountCodesApi } from "@/lib/api-client/discount-codes";
import { berlinWallTime, fromBerlinWallTime } from "@/lib/domain/berlin-time";
import { discountCodeBody, type DiscountCodeDto } from "@/lib/schemas/discounts";
import { CheckboxField, SelectField, TextField } from "@/components/ui/form-field";
import { FormButtons } from "@/components/ui/form/form-buttons";
import { FormSection } from "@/components/ui/form/form-section";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { formatCentsInput, parseCents } from "@/components/admin/articles/numbers";
import { DISCOUNT_CODES_PATH } from "./paths";

/** Keyed like the body, so the server's field errors land on the fields; amounts are typed in euros. */
interface Values {
  code: string;
  kind: "percent" | "fixed";
  percent: string;
  amountCents: string;
  validFrom: string;
  validTo: string;
  minOrderCents: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

function initialValues(code: DiscountCodeDto | undefined, locale: string): Values {
  const wall = (iso: string | null) => (iso ? berlinWallTime(new Date(iso)) : "");
  return {
    code: code?.code ?? "",
    kind: code?.kind ?? "percent",
    percent: code?.percent?.toString() ?? "",
    amountCents: code?.amountCents ? formatCentsInput(code.amountCents, locale) : "",
    validFrom: wall(code?.validFrom ?? null),
    validTo: wall(code?.validTo ?? null),
    minOrderCents: code?.minOrderCents ? formatCentsInput(code.minOrderCents, locale) : "",
    maxUses: code?.maxUses?.toString() ?? "",
    maxUsesPerCustomer: code?.maxUsesPerCustomer?.toString() ?? "",
    active: code?.active ?? true,
  };
}

/** Empty → null; anything else a number (NaN fails the schema with the field's own message). */
const whole = (text: string) => (text.trim() === "" ? null : Number(text.trim()));
const cents = (text: string) => parseCents(text) ?? null;
const instant = (text: string) => (text.trim() === "" ? null : (fromBerlinWallTime(text)?.toISOString() ?? text));

function toBody(v: Values) {
  return {
    code: v.code,
    kind: v.kind,
    percent: v.kind === "percent" ? whole(v.percent) : null,
    amountCents: v.kind === "fixed" ? cents(v.amountCents) : null,
    validFrom: instant(v.validFrom),
    validTo: instant(v.validTo),
    minOrderCents: cents(v.minOrderCents),
    maxUses: whole(v.maxUses),
    maxUsesPerCustomer: whole(v.maxUsesPerCustomer),
    active: v.active,
  };
}

export function DiscountCodeForm({ code }: { code?: DiscountCodeDto }) {
  const t = useTranslations("discountCodes");
  const locale = useLocale();
  const form = useAdminForm({
    initial: () => initialValues(code, locale),
    schema: discountCodeBody,
    toBody,
    mutationFn: (body) => (code ? discountCodesApi.update(code.id, body) : discountCodesApi.create(body)),
    success: code ? t("updatedToast") : t("createdToast"),
    backTo: DISCOUNT_CODES_PATH,
  });
  const { values, set, errors } = form;
  const text = (field: Exclude<keyof Values, "active" | "kind">, label: string) => ({
    id: `discount-${field}`,
    name: field,
    label,
    ...form.bind(field),
  });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      autoComplete="off"
      className="card max-w-3xl space-y-6 p-4 sm:p-6"
      data-testid="discount-code-form"
    >
      {code && code.usedCount > 0 && <p className="text-sm text-stone-600">{t("usedNote", { count: code.usedCount })}</p>}
      <FormSection legend={t("sectionCode")}>
        <div className="sm:col-span-2">
          <TextField
            {...text("code", t("code"))}
            required
            maxLength={32}
            spellCheck={false}
            className="input uppercase"
            hint={t("codeHint")}
          />
        </div>
        <SelectField
          id="discount-kind"
          name="kind"
          label={t("kind")}
          value={values.kind}
          error={errors.kind}
          options={[
            { value: "percent", label: t("kindPercent") },
            { value: "fixed", label: t("kindFixed") },
          ]}
          onChange={(e) => set("kind", e.target.value === "fixed" ? "fixed" : "percent")}
        />
        {values.kind === "percent" ? (
          <TextField {...text("percent", t("percent"))} required inputMode="numeric" maxLength={3} />
        ) : (
          <TextField {...text("amountCents", t("amount"))} required inputMode="decimal" maxLength={12} />
        )}
      </FormSection>

      <FormSection legend={t("sectionRules")}>
        <TextField {...text("validFrom", t("validFrom"))} type="datetime-local" hint={t("validHint")} />
        <TextField {...text("validTo", t("validTo"))} type="datetime-local" />
        <div className="sm:col-span-2">
          <TextField {...text("minOrderCents", t("minOrder"))} inputMode="decimal" maxLength={12} hint={t("minOrderHint")} />
        </div>
        <TextField {...text("maxUses", t("maxUses"))} inputMode="numeric" maxLength={7} hint={t("limitHint")} />
        <TextField {...text("maxUsesPerCustomer", t("maxUsesPerCustomer"))} inputMode="numeric" maxLength={7} hint={t("limitHint")} />
        <div className="sm:col-span-2">
          <CheckboxField
            id="discount-active"
            name="active"
            label={t("active")}
            checked={values.active}
            onChange={(e) => set("active", e.target.checked)}
          />
        </div>
      </FormSection>

      <FormButtons form={form} cancel={DISCOUNT_CODES_PATH} />
    </form>
  );
}
