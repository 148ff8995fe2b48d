"use client";

import { useTranslations } from "next-intl";
import { shirtVariantBody, type ShirtVariantBody } from "@/lib/schemas/articles";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/form-field";
import { useAdminForm } from "@/components/ui/form/use-admin-form";

const FORM_ID = "shirt-variant-form";

/** Open while mounted. `onSave` stores the variant (or the draft) and answers the success toast's text. */
export function ShirtVariantDialog({
  initial,
  sizes,
  check,
  onSave,
  onClose,
}: {
  initial: ShirtVariantBody | null;
  sizes: readonly string[];
  check: (body: ShirtVariantBody) => Record<string, string>;
  onSave: (body: ShirtVariantBody) => Promise<string | null>;
  onClose: () => void;
}) {
  const t = useTranslations("articles.shirtVariants");
  const tc = useTranslations("common");
  const form = useAdminForm({
    initial: () => ({ color: initial?.color ?? "", colorDe: initial?.colorDe ?? "", size: initial?.size ?? sizes[0] ?? "" }),
    schema: shirtVariantBody,
    check: (_, body) => (body ? check(body) : {}),
    mutationFn: onSave,
    success: (text) => text,
    onSaved: onClose,
    warn: false,
  });
  const busy = form.save.isPending;
  return (
    <Dialog
      portal
      open
      title={initial ? t("editTitle") : t("addTitle")}
      onClose={() => form.cancel(onClose)}
      size="md"
      testId="shirt-variant-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={() => form.cancel(onClose)} disabled={busy}>
            {tc("cancel")}
          </button>
          <button type="submit" form={FORM_ID} className="btn-primary" disabled={busy} data-testid="shirt-variant-save">
            {busy ? tc("saving") : tc("save")}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={form.onSubmit} noValidate className="space-y-4">
        <TextField id="shirt-variant-color" label={t("colorEn")} required maxLength={100} {...form.bind("color")} />
        <TextField id="shirt-variant-colorDe" label={t("colorDe")} maxLength={100} {...form.bind("colorDe")} />
        <SelectField
          id="shirt-variant-size"
          label={t("size")}
          required
          placeholder={sizes.length === 0 ? t("noSizes") : undefined}
          options={sizes.map((s) => ({ value: s, label: s }))}
          {...form.bind("size")}
        />
      </form>
    </Dialog>
  );
}
