"use client";

import { useTranslations } from "next-intl";
import type { MugVariantRow } from "./types";

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-stone-600" title={`${label}: ${color}`}>
      <span aria-hidden className="inline-block h-4 w-4 rounded-full border border-stone-300" style={{ backgroundColor: color }} />
      <span className="sr-only">{label}:</span>
      <span className="font-mono">{color}</span>
    </span>
  );
}

export function MugVariantList({
  rows,
  errorsOf,
  onEdit,
  onDelete,
}: {
  rows: MugVariantRow[];
  errorsOf: (index: number) => string[];
  onEdit: (row: MugVariantRow) => void;
  onDelete: (row: MugVariantRow) => void;
}) {
  const t = useTranslations("articles.variants");
  const tc = useTranslations("common");
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" data-testid="mug-variant-list">
      {rows.map((row, index) => {
        const errors = errorsOf(index);
        return (
          <li
            key={row.key}
            className="flex flex-wrap items-center gap-3 px-3 py-2"
            data-testid="mug-variant-row"
            data-variant-name={row.body.name}
          >
            {row.imageUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- our own image route or a local preview
              <img
                src={row.imageUrl}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="h-12 w-12 shrink-0 rounded border border-stone-200 object-cover"
              />
            ) : (
              <span
                aria-hidden
                className="h-12 w-12 shrink-0 rounded border border-dashed border-stone-300"
                style={{ background: `linear-gradient(135deg, ${row.body.outsideColorCode} 50%, ${row.body.insideColorCode} 50%)` }}
              />
            )}
            <div className="min-w-0 flex-1 basis-52">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="truncate">{row.body.name}</span>
                {row.body.nameDe && <span className="text-sm font-normal text-stone-500">/ {row.body.nameDe}</span>}
                {row.body.isDefault && (
                  <span className="badge-ok" data-testid="variant-default-badge">
                    {t("defaultBadge")}
                  </span>
                )}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${row.body.active ? "bg-sky-100 text-sky-800" : "bg-stone-200 text-stone-700"}`}
                >
                  {row.body.active ? t("activeBadge") : t("inactiveBadge")}
                </span>
                {row.id === null && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">{t("unsavedBadge")}</span>
                )}
              </p>
              <p className="mt-1 flex flex-wrap gap-3">
                <Swatch color={row.body.outsideColorCode} label={t("outsideColor")} />
                <Swatch color={row.body.insideColorCode} label={t("insideColor")} />
                {row.body.articleVariantNumber && (
                  <span className="text-xs text-stone-500">{t("variantNumberValue", { number: row.body.articleVariantNumber })}</span>
                )}
              </p>
              {errors.map((e) => (
                <p key={e} className="field-error">
                  {e}
                </p>
              ))}
            </div>
            <div className="ml-auto flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => onEdit(row)} aria-label={`${tc("edit")} ${row.body.name}`}>
                {tc("edit")}
              </button>
              <button type="button" className="btn-danger" onClick={() => onDelete(row)} aria-label={`${tc("delete")} ${row.body.name}`}>
                {tc("delete")}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
