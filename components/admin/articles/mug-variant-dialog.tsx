"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { mugVariantBody, type MugVariantBody } from "@/lib/schemas/articles";
import type { MugDimensions } from "@/components/shop/editor/mug-geometry";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField, TextField } from "@/components/ui/form-field";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { ColorField } from "./color-field";
import { VariantImageField } from "./variant-image-field";
import { VariantMugPreview } from "./variant-mug-preview";
import type { ImageChange, MugVariantRow } from "./types";

const FORM_ID = "mug-variant-form";

/** Open while mounted. `onSave` stores the variant (or the draft) and answers the success toast's text. */
export function MugVariantDialog({
  row,
  first,
  mug,
  check,
  onSave,
  onClose,
}: {
  row: MugVariantRow | null;
  /** True when the mug has no variant yet: the first one is the default. */
  first: boolean;
  mug: MugDimensions | null;
  /** Extra checks in the form (a draft's name already used), message keyed like the body. */
  check: (body: MugVariantBody) => Record<string, string>;
  onSave: (body: MugVariantBody, image: ImageChange) => Promise<string | null>;
  onClose: () => void;
}) {
  const t = useTranslations("articles.variants");
  const tc = useTranslations("common");
  const [image, setImage] = useState<ImageChange>({ kind: "keep" });
  const form = useAdminForm({
    initial: () => ({
      name: row?.body.name ?? "",
      nameDe: row?.body.nameDe ?? "",
      articleVariantNumber: row?.body.articleVariantNumber ?? "",
      insideColorCode: row?.body.insideColorCode ?? "#FFFFFF",
      outsideColorCode: row?.body.outsideColorCode ?? "#FFFFFF",
      active: row?.body.active ?? true,
      isDefault: row ? row.body.isDefault : first,
    }),
    schema: mugVariantBody,
    check: (_, body) => (body ? check(body) : {}),
    mutationFn: (body) => onSave(body, image),
    success: (text) => text,
    onSaved: onClose,
    warn: false,
  });
  const { values, set, errors } = form;
  const busy = form.save.isPending;
  // The current default stays the default until another variant takes over (a mug always has one).
  const defaultLocked = first || !!row?.body.isDefault;

  const previewImage = image.kind === "set" ? image.image.previewUrl || null : image.kind === "remove" ? null : (row?.imageUrl ?? null);
  return (
    <Dialog
      portal
      open
      title={row ? t("editTitle", { name: row.body.name }) : t("addTitle")}
      onClose={() => form.cancel(onClose)}
      size="xl"
      testId="mug-variant-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={() => form.cancel(onClose)} disabled={busy}>
            {tc("cancel")}
          </button>
          <button type="submit" form={FORM_ID} className="btn-primary" disabled={busy} data-testid="mug-variant-save">
            {busy ? tc("saving") : tc("save")}
          </button>
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)]">
        <form id={FORM_ID} onSubmit={form.onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="variant-name" label={t("nameEn")} required maxLength={255} {...form.bind("name")} />
            <TextField id="variant-nameDe" label={t("nameDe")} maxLength={255} {...form.bind("nameDe")} />
            <TextField
              id="variant-articleVariantNumber"
              label={t("variantNumber")}
              maxLength={100}
              {...form.bind("articleVariantNumber")}
            />
          </div>
          <div className="grid grid-cols-2 gap-x-5 gap-y-4">
            <ColorField
              id="variant-outsideColor"
              label={t("outsideColor")}
              value={values.outsideColorCode}
              error={errors.outsideColorCode}
              onChange={(v) => set("outsideColorCode", v)}
            />
            <ColorField
              id="variant-insideColor"
              label={t("insideColor")}
              value={values.insideColorCode}
              error={errors.insideColorCode}
              onChange={(v) => set("insideColorCode", v)}
            />
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <CheckboxField
              id="variant-active"
              role="switch"
              label={t("active")}
              checked={values.active}
              onChange={(e) => set("active", e.target.checked)}
            />
            <CheckboxField
              id="variant-isDefault"
              role="switch"
              label={t("isDefault")}
              checked={values.isDefault}
              disabled={defaultLocked}
              hint={defaultLocked ? (first ? t("firstIsDefault") : t("defaultLocked")) : undefined}
              onChange={(e) => set("isDefault", e.target.checked)}
            />
          </div>
          <VariantImageField
            aspect={mug ? mug.printTemplateWidthMm / mug.printTemplateHeightMm : null}
            currentUrl={row?.imageUrl ?? null}
            change={image}
            onChange={setImage}
          />
        </form>
        <div className="md:sticky md:top-0 md:self-start">
          <VariantMugPreview
            mug={mug}
            imageUrl={previewImage}
            insideColor={values.insideColorCode}
            outsideColor={values.outsideColorCode}
            name={values.name}
          />
        </div>
      </div>
    </Dialog>
  );
}
