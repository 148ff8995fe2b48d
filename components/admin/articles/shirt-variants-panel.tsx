"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { articleKeys, shirtVariantsApi } from "@/lib/api-client/articles";
import type { ShirtVariantAdminDto, ShirtVariantBody } from "@/lib/schemas/articles";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { ShirtVariantDialog } from "./shirt-variant-dialog";
import type { ArticleFormState } from "./use-article-form";

interface Row {
  key: string;
  id: number | null;
  body: ShirtVariantBody;
}

export function ShirtVariantsPanel({
  articleId,
  saved,
  form,
}: {
  articleId: number | null;
  saved: ShirtVariantAdminDto[];
  form: ArticleFormState;
}) {
  const t = useTranslations("articles.shirtVariants");
  const tv = useTranslations("articles.variants");
  const tc = useTranslations("common");
  const te = useTranslations("errors");
  const tval = useTranslations("validation");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const sizes = form.values.shirtDetails.availableSizes;

  const rows: Row[] = articleId
    ? saved.map((v) => ({
        key: `saved-${v.id}`,
        id: v.id,
        body: { color: v.color, colorDe: v.colorDe, size: v.size as ShirtVariantBody["size"] },
      }))
    : form.shirtDrafts.map((d) => ({ key: d.key, id: null, body: d.body }));
  const editingRow = editing === "new" ? null : editing;
  const refresh = () => articleId && void queryClient.invalidateQueries({ queryKey: articleKeys.detail(articleId) });

  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (id: number) => shirtVariantsApi.remove(id),
    success: tv("deleted"),
    onSuccess: refresh,
  });

  /** Saved at once for a saved article, else kept as a draft; answers the success toast's text. */
  async function onSave(body: ShirtVariantBody): Promise<string | null> {
    if (articleId) {
      await (editingRow?.id ? shirtVariantsApi.update(editingRow.id, body) : shirtVariantsApi.create(articleId, body));
      refresh();
      return editingRow ? tv("updated") : tv("created");
    }
    const key = editingRow?.key ?? `draft-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    form.setShirtDrafts((drafts) => (editingRow ? drafts.map((d) => (d.key === key ? { key, body } : d)) : [...drafts, { key, body }]));
    return null;
  }

  function check(body: ShirtVariantBody): Record<string, string> {
    if (!(sizes as string[]).includes(body.size)) return { size: tval("sizeNotAvailable") };
    // Colour compared ignoring case, as the server does.
    const taken = rows.some(
      (r) => r.key !== editingRow?.key && r.body.color.toLowerCase() === body.color.toLowerCase() && r.body.size === body.size,
    );
    return taken ? { size: te("shirtVariantExists") } : {};
  }

  function errorsOf(index: number): string[] {
    const prefix = `shirtVariants.${index}.`;
    return Object.entries(form.errors)
      .filter(([field]) => field.startsWith(prefix))
      .map(([, message]) => message);
  }

  return (
    <div className="space-y-4" data-testid="article-variants">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing("new")}
          disabled={sizes.length === 0}
          data-testid="shirt-variant-add"
        >
          {t("add")}
        </button>
        <p className="text-sm text-stone-600">
          {sizes.length === 0 ? t("chooseSizesFirst") : articleId ? tv("savedImmediately") : tv("savedWithArticle")}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-4 text-sm text-stone-600">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200">
          <table className="block min-w-full text-sm sm:table sm:divide-y sm:divide-stone-200" data-testid="shirt-variant-table">
            <thead className="hidden bg-stone-50 text-left text-stone-600 sm:table-header-group">
              <tr>
                <th className="px-3 py-2 font-medium">{t("colorEn")}</th>
                <th className="px-3 py-2 font-medium">{t("colorDe")}</th>
                <th className="px-3 py-2 font-medium">{t("size")}</th>
                <th className="px-3 py-2 text-right font-medium">{tc("actions")}</th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-stone-100 sm:table-row-group">
              {rows.map((row, index) => (
                <tr
                  key={row.key}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:table-row sm:p-0"
                  data-testid="shirt-variant-row"
                >
                  <td className="min-w-0 font-medium break-words sm:table-cell sm:px-3 sm:py-2">
                    {row.body.color}
                    {errorsOf(index).map((e) => (
                      <span key={e} className="field-error block">
                        {e}
                      </span>
                    ))}
                  </td>
                  <td className="min-w-0 text-stone-600 break-words sm:table-cell sm:px-3 sm:py-2">{row.body.colorDe}</td>
                  <td className="sm:table-cell sm:px-3 sm:py-2">
                    <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium sm:bg-transparent sm:p-0 sm:text-sm sm:font-normal">
                      {row.body.size}
                    </span>
                  </td>
                  <td className="ml-auto sm:table-cell sm:px-3 sm:py-2">
                    <div className="flex justify-end gap-2">
                      <button
                        type="button"
                        className="btn-secondary"
                        onClick={() => setEditing(row)}
                        aria-label={`${tc("edit")} ${row.body.color} ${row.body.size}`}
                      >
                        {tc("edit")}
                      </button>
                      <button
                        type="button"
                        className="btn-danger"
                        onClick={() => setDeleting(row)}
                        aria-label={`${tc("delete")} ${row.body.color} ${row.body.size}`}
                      >
                        {tc("delete")}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== null && (
        <ShirtVariantDialog
          initial={editingRow?.body ?? null}
          sizes={sizes}
          check={check}
          onSave={onSave}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t("confirmDelete", { color: deleting.body.color, size: deleting.body.size }) : ""}
        confirmLabel={tc("delete")}
        cancelLabel={tc("cancel")}
        danger
        onConfirm={() => {
          if (deleting?.id) remove.mutate(deleting.id);
          else if (deleting) form.setShirtDrafts((drafts) => drafts.filter((d) => d.key !== deleting.key));
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
