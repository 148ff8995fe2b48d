"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { articleQueries, mugVariantsApi } from "@/lib/api-client/articles";
import { copyVariantsBody } from "@/lib/schemas/articles";
import { Dialog } from "@/components/ui/dialog";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { LoadFailed, LoadingNote } from "@/components/ui/query-state";

const FORM_ID = "copy-variants-form";

/** Open while mounted. Names the mug already has are reported as skipped, not duplicated. */
export function CopyVariantsDialog({ mugId, onClose, onCopied }: { mugId: number; onClose: () => void; onCopied: () => void }) {
  const t = useTranslations("articles.copy");
  const tc = useTranslations("common");
  const te = useTranslations("errors");
  const catalog = useQuery({ ...articleQueries.variantsCatalog(mugId), meta: { silent: true } });
  const loadError = catalog.isError ? catalog.error.message : null;
  const loadFailedTitle = te("failedToLoad");
  useEffect(() => {
    if (loadError) toast.error(loadFailedTitle, { description: loadError });
  }, [loadError, loadFailedTitle]);

  const form = useAdminForm({
    initial: () => ({ variantIds: [] as number[] }),
    schema: copyVariantsBody,
    mutationFn: (body) => mugVariantsApi.copy(mugId, body.variantIds),
    success: (r) =>
      r.copied.length > 0 ? t("copied", { count: r.copied.length, names: r.copied.map((v) => v.name).join(", ") }) : t("nothingCopied"),
    onSaved: (r) => {
      if (r.skipped.length > 0) toast.warning(t("skipped", { count: r.skipped.length, names: r.skipped.map((v) => v.name).join(", ") }));
      onCopied();
    },
    warn: false,
    // Any change of the selection hides the error until the next submit.
    visibleErrors: (errors, checked, values) => (checked.variantIds === values.variantIds ? errors : {}),
  });
  const selected = new Set(form.values.variantIds);
  const error = form.errors.variantIds;

  function toggle(ids: number[], on: boolean) {
    form.setValues(({ variantIds }) => {
      const next = new Set(variantIds);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return { variantIds: [...next] };
    });
  }

  const groups = (catalog.data ?? []).filter((g) => g.variants.length > 0);
  return (
    <Dialog
      portal
      open
      title={t("title")}
      onClose={() => form.cancel(onClose)}
      size="lg"
      testId="copy-variants-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={() => form.cancel(onClose)} disabled={form.save.isPending}>
            {tc("cancel")}
          </button>
          <button
            type="submit"
            form={FORM_ID}
            className="btn-primary"
            disabled={form.save.isPending || groups.length === 0}
            data-testid="copy-variants-submit"
          >
            {t("submit", { count: selected.size })}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={form.onSubmit} noValidate className="space-y-4">
        {catalog.isPending && <LoadingNote label={tc("loading")} />}
        {catalog.isError && (
          <LoadFailed
            message={`${te("failedToLoad")} ${catalog.error.message}`}
            retryLabel={t("retry")}
            onRetry={() => void catalog.refetch()}
          />
        )}
        {catalog.data && groups.length === 0 && <p className="text-sm text-stone-600">{t("none")}</p>}
        {groups.map((group) => {
          const ids = group.variants.map((v) => v.id);
          const all = ids.every((id) => selected.has(id));
          return (
            <fieldset key={group.mugId} className="rounded-lg border border-stone-200 p-3" data-testid="copy-variants-group">
              <legend className="px-1 text-sm font-semibold">
                {group.mugName}
                {group.articleNumber && <span className="ml-2 font-normal text-stone-500"> ({group.articleNumber})</span>}
              </legend>
              <label className="mb-2 flex items-center gap-2 text-sm text-stone-600">
                <input type="checkbox" className="accent-brand-600" checked={all} onChange={(e) => toggle(ids, e.target.checked)} />
                {t("selectAll")}
              </label>
              <ul className="grid gap-1 sm:grid-cols-2">
                {group.variants.map((v) => (
                  <li key={v.id}>
                    <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-stone-50">
                      <input
                        type="checkbox"
                        className="accent-brand-600"
                        checked={selected.has(v.id)}
                        onChange={(e) => toggle([v.id], e.target.checked)}
                      />
                      <span
                        aria-hidden
                        className="inline-block h-4 w-4 rounded-full border border-stone-300"
                        style={{ backgroundColor: v.outsideColorCode }}
                      />
                      <span
                        aria-hidden
                        className="inline-block h-4 w-4 rounded-full border border-stone-300"
                        style={{ backgroundColor: v.insideColorCode }}
                      />
                      <span>{v.name}</span>
                      {!v.active && <span className="text-xs text-stone-500">({t("inactive")})</span>}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
        {error && (
          <p className="field-error" role="alert" data-testid="copy-variants-error">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
