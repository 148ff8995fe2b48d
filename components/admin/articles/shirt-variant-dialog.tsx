"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { shirtVariantBody, type ShirtVariantBody } from "@/lib/schemas/articles";
import { SelectField, TextField } from "@/components/ui/form-field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { PortalDialog } from "./portal-dialog";

const FORM_ID = "shirt-variant-form";

export interface ShirtVariantDialogProps {
  open: boolean;
  initial: ShirtVariantBody | null;
  sizes: readonly string[];
  busy: boolean;
  serverErrors: Record<string, string>;
  check: (body: ShirtVariantBody) => Record<string, string>;
  onSave: (body: ShirtVariantBody) => void;
  onClose: () => void;
}

export function ShirtVariantDialog(props: ShirtVariantDialogProps) {
  const t = useTranslations("articles.shirtVariants");
  const tc = useTranslations("common");
  return (
    <PortalDialog
      open={props.open}
      title={props.initial ? t("editTitle") : t("addTitle")}
      onClose={props.onClose}
      size="md"
      testId="shirt-variant-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={props.onClose} disabled={props.busy}>
            {tc("cancel")}
          </button>
          <button type="submit" form={FORM_ID} className="btn-primary" disabled={props.busy} data-testid="shirt-variant-save">
            {props.busy ? tc("saving") : tc("save")}
          </button>
        </>
      }
    >
      <ShirtVariantFormBody {...props} />
    </PortalDialog>
  );
}

function ShirtVariantFormBody({ initial, sizes, serverErrors, check, onSave }: ShirtVariantDialogProps) {
  const t = useTranslations("articles.shirtVariants");
  const { errors, validate } = useFieldErrors();
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [values, setValues] = useState({
    color: initial?.color ?? "",
    colorDe: initial?.colorDe ?? "",
    size: initial?.size ?? sizes[0] ?? "",
  });
  const error = (field: string) => errors[field] ?? localErrors[field] ?? serverErrors[field];

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const body = validate(shirtVariantBody, values);
    if (!body) return;
    const extra = check(body);
    setLocalErrors(extra);
    if (Object.keys(extra).length === 0) onSave(body);
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="shirt-variant-color"
        label={t("colorEn")}
        required
        maxLength={100}
        value={values.color}
        error={error("color")}
        onChange={(e) => setValues({ ...values, color: e.target.value })}
      />
      <TextField
        id="shirt-variant-colorDe"
        label={t("colorDe")}
        maxLength={100}
        value={values.colorDe}
        error={error("colorDe")}
        onChange={(e) => setValues({ ...values, colorDe: e.target.value })}
      />
      <SelectField
        id="shirt-variant-size"
        label={t("size")}
        required
        placeholder={sizes.length === 0 ? t("noSizes") : undefined}
        options={sizes.map((s) => ({ value: s, label: s }))}
        value={values.size}
        error={error("size")}
        onChange={(e) => setValues({ ...values, size: e.target.value })}
      />
    </form>
  );
}
