"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { MugVariantAdminDto } from "@/lib/schemas/articles";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { mugDimensions } from "./article-form-model";
import { CopyVariantsDialog } from "./copy-variants-dialog";
import { MugVariantDialog } from "./mug-variant-dialog";
import { MugVariantList } from "./mug-variant-list";
import type { MugVariantRow } from "./types";
import type { ArticleFormState } from "./use-article-form";
import { useMugVariants } from "./use-mug-variants";

export function MugVariantsPanel({
  articleId,
  saved,
  form,
}: {
  articleId: number | null;
  saved: MugVariantAdminDto[];
  form: ArticleFormState;
}) {
  const t = useTranslations("articles.variants");
  const tc = useTranslations("common");
  const variants = useMugVariants({ articleId, saved, form });
  const [deleting, setDeleting] = useState<MugVariantRow | null>(null);
  const [copying, setCopying] = useState(false);
  const mug = mugDimensions(form.values.mugDetails);
  const editingRow = variants.editing === "new" ? null : variants.editing;

  function errorsOf(index: number): string[] {
    const prefix = `mugVariants.${index}.`;
    return Object.entries(form.errors)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => `${t(`fields.${field.slice(prefix.length)}` as "fields.name")}: ${message}`);
  }

  function copy() {
    if (!articleId) toast.warning(t("saveFirst"));
    else setCopying(true);
  }

  return (
    <div className="space-y-4" data-testid="article-variants">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn-primary" onClick={() => variants.setEditing("new")} data-testid="mug-variant-add">
          {t("add")}
        </button>
        <button type="button" className="btn-secondary" onClick={copy} data-testid="mug-variant-copy">
          {t("copy")}
        </button>
        <p className="w-full text-sm text-stone-600 sm:ml-2 sm:w-auto">{articleId ? t("savedImmediately") : t("savedWithArticle")}</p>
      </div>
      {variants.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-4 text-sm text-stone-600" data-testid="mug-variant-empty">
          {t("empty")}
        </p>
      ) : (
        <MugVariantList rows={variants.rows} errorsOf={errorsOf} onEdit={variants.setEditing} onDelete={setDeleting} />
      )}
      {form.errors.mugVariants && <p className="field-error">{form.errors.mugVariants}</p>}

      {variants.editing !== null && (
        <MugVariantDialog
          row={editingRow}
          first={variants.editing === "new" && variants.rows.length === 0}
          mug={mug}
          check={(body) => variants.check(editingRow, body)}
          onSave={(body, image) => variants.saveRow(editingRow, body, image)}
          onClose={() => variants.setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t("confirmDelete", { name: deleting.body.name }) : ""}
        confirmLabel={tc("delete")}
        cancelLabel={tc("cancel")}
        danger
        onConfirm={() => {
          if (deleting) variants.removeRow(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      {articleId && copying && (
        <CopyVariantsDialog
          mugId={articleId}
          onClose={() => setCopying(false)}
          onCopied={() => {
            setCopying(false);
            void variants.refresh();
          }}
        />
      )}
    </div>
  );
}
