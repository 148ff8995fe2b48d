"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { articleQueries, mugVariantsApi } from "@/lib/api-client/articles";
import { copyVariantsBody } from "@/lib/schemas/articles";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { LoadFailed, LoadingNote } from "@/components/ui/query-state";
import { PortalDialog } from "./portal-dialog";

const FORM_ID = "copy-variants-form";

/** Names the mug already has are reported as skipped, not duplicated. */
export function CopyVariantsDialog({
  open,
  mugId,
  onClose,
  onCopied,
}: {
  open: boolean;
  mugId: number;
  onClose: () => void;
  onCopied: () => void;
}) {
  const t = useTranslations("articles.copy");
  const tc = useTranslations("common");
  const te = useTranslations("errors");
  const tv = useTranslations("validation");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const catalog = useQuery({ ...articleQueries.variantsCatalog(mugId), enabled: open, meta: { silent: true } });
  const loadError = catalog.isError ? catalog.error.message : null;
  const loadFailedTitle = te("failedToLoad");
  useEffect(() => {
    if (loadError) toast.error(loadFailedTitle, { description: loadError });
  }, [loadError, loadFailedTitle]);

  const copy = useAdminMutation({
    mutationFn: (variantIds: number[]) => mugVariantsApi.copy(mugId, variantIds),
    success: (r) =>
      r.copied.length > 0 ? t("copied", { count: r.copied.length, names: r.copied.map((v) => v.name).join(", ") }) : t("nothingCopied"),
    onSuccess: (r) => {
      if (r.skipped.length > 0) toast.warning(t("skipped", { count: r.skipped.length, names: r.skipped.map((v) => v.name).join(", ") }));
      setSelected(new Set());
      onCopied();
    },
    onFieldErrors: (errors) => setError(errors.variantIds ?? null),
  });

  function close() {
    setSelected(new Set());
    setError(null);
    onClose();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const parsed = copyVariantsBody.safeParse({ variantIds: [...selected] });
    if (!parsed.success) {
      setError(tv("selectVariants"));
      return;
    }
    setError(null);
    copy.mutate(parsed.data.variantIds);
  }

  function toggle(ids: number[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
    setError(null);
  }

  const groups = (catalog.data ?? []).filter((g) => g.variants.length > 0);
  return (
    <PortalDialog
      open={open}
      title={t("title")}
      onClose={close}
      size="lg"
      testId="copy-variants-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={copy.isPending}>
            {tc("cancel")}
          </button>
          <button
            type="submit"
            form={FORM_ID}
            className="btn-primary"
            disabled={copy.isPending || groups.length === 0}
            data-testid="copy-variants-submit"
          >
            {t("submit", { count: selected.size })}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
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
    </PortalDialog>
  );
}
