import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { colourLocale, lineColourDetail } from "@/lib/domain/colour-name";
import type { AdminOrderDetail, ProductionSheet as Sheet } from "@/lib/schemas/admin-orders";
import { CopyButton } from "@/components/ui/copy-button";

type Line = AdminOrderDetail["items"][number];

const DPI_TONE: Record<NonNullable<Sheet["dpi"]>["verdict"], string> = {
  ok: "bg-green-50 text-green-800 ring-green-200",
  low: "bg-amber-50 text-amber-900 ring-amber-200",
  too_low: "bg-red-50 text-red-800 ring-red-200",
};

function Picture({ url, label, missing, testId }: { url: string | null; label: string; missing: string; testId: string }) {
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="text-xs font-medium text-stone-600">{label}</figcaption>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="block" data-testid={testId}>
          {/* eslint-disable-next-line @next/next/no-img-element -- admin image route; a plain lazy preview */}
          <img
            src={url}
            alt={label}
            loading="lazy"
            decoding="async"
            className="aspect-square w-full rounded border border-stone-200 bg-stone-50 object-contain"
          />
        </a>
      ) : (
        <span className="flex aspect-square w-full items-center justify-center rounded border border-dashed border-stone-300 bg-stone-50 p-2 text-center text-xs text-stone-400">
          {missing}
        </span>
      )}
    </figure>
  );
}

export async function ProductionSheet({
  line,
  position,
  withdrawalWaiverAt,
}: {
  line: Line;
  position: number;
  withdrawalWaiverAt: string | null;
}) {
  const [t, format, locale] = await Promise.all([getTranslations("adminOrders.production"), getFormatter(), getLocale()]);
  const p = line.production;
  const hasDesign = !!(p.designImageUrl || p.promptText || p.printPdfUrl);
  const cost =
    p.generationCostCents === null
      ? t("unknown")
      : format.number(p.generationCostCents / 100, {
          style: "currency",
          currency: "EUR",
          minimumFractionDigits: 2,
          maximumFractionDigits: 4,
        });
  const title = t("title", { position, name: line.articleName });
  return (
    <article
      className="rounded-lg border border-stone-200 bg-white shadow-sm"
      data-testid="production-sheet"
      data-item-id={line.id}
      aria-label={title}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-100 px-4 py-3">
        <h3 className="font-semibold">{title}</h3>
        <span className="text-sm text-stone-600">
          {[lineColourDetail(line, colourLocale(locale)), t("quantity", { quantity: line.quantity })].filter(Boolean).join(" · ")}
        </span>
      </header>
      {!hasDesign ? (
        <p className="px-4 py-3 text-sm text-stone-600">{t("noDesign")}</p>
      ) : (
        <div className="grid gap-4 px-4 py-3 text-sm md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="grid grid-cols-2 gap-3 self-start">
            <Picture url={p.sourceImageUrl} label={t("customerPhoto")} missing={t("noPhoto")} testId="production-photo" />
            <Picture url={p.designImageUrl} label={t("design")} missing={t("noImage")} testId="production-design" />
            <div className="col-span-2 space-y-1" data-testid="production-mockups">
              <p className="text-xs font-medium text-stone-600">{t("mockups")}</p>
              <div className="grid grid-cols-3 items-end gap-2">
                {(["front", "left", "right"] as const).map((view) => (
                  <Picture
                    key={view}
                    url={p.mockups[view]}
                    label={t(`mockupView.${view}`)}
                    missing={t("noMockup")}
                    testId={`production-mockup-${view}`}
                  />
                ))}
              </div>
            </div>
            {p.designWidth !== null && p.designHeight !== null && (
              <p className="col-span-2 text-xs text-stone-500">{t("designSize", { width: p.designWidth, height: p.designHeight })}</p>
            )}
            {p.print && p.designWidth !== null && p.designHeight !== null && (
              <dl className="col-span-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs" data-testid="production-resolution">
                <dt className="text-stone-500">{t("resolution.source")}</dt>
                <dd className="tabular-nums" data-testid="production-source-resolution">
                  {t("resolution.sourceValue", { width: p.designWidth, height: p.designHeight, dpi: p.print.sourceDpi })}
                </dd>
                <dt className="text-stone-500">{t("resolution.print")}</dt>
                <dd className="tabular-nums" data-testid="production-print-resolution">
                  {t("resolution.printValue", {
                    width: p.print.width,
                    height: p.print.height,
                    dpi: p.print.dpi,
                    templateWidth: format.number(p.print.templateWidthMm, { maximumFractionDigits: 1 }),
                    templateHeight: format.number(p.print.templateHeightMm, { maximumFractionDigits: 1 }),
                  })}
                  {" · "}
                  {p.print.upscale > 1
                    ? t("resolution.upscaled", {
                        factor: format.number(p.print.upscale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
                      })
                    : t("resolution.notUpscaled")}
                </dd>
              </dl>
            )}
          </div>
          <div className="min-w-0 space-y-3">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-stone-500">{t("style")}</dt>
              <dd className="break-words" data-testid="production-style">
                {p.promptTitle ?? t("unknown")}
              </dd>
              <dt className="text-stone-500">{t("model")}</dt>
              <dd className="break-words" data-testid="production-model">
                {[p.provider, p.model].filter(Boolean).join(" · ") || t("unknown")}
              </dd>
              <dt className="text-stone-500">{t("cost")}</dt>
              <dd className="tabular-nums" data-testid="production-cost">
                {cost}
              </dd>
            </dl>
            {p.promptText && (
              <div className="space-y-1">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xs font-medium text-stone-600">{t("prompt")}</span>
                  <CopyButton
                    text={p.promptText}
                    labels={{ copy: t("copy"), copied: t("copied"), copyFailed: t("copyFailed") }}
                    ariaLabel={t("copyLabel", { position })}
                    className="btn-secondary px-2.5 py-1 text-xs"
                    testId="copy-prompt"
                  />
                </div>
                <pre
                  className="max-h-48 overflow-auto rounded border border-stone-200 bg-stone-50 p-2 font-mono text-xs break-words whitespace-pre-wrap"
                  data-testid="production-prompt"
                >
                  {p.promptText}
                </pre>
              </div>
            )}
            <div className="flex flex-wrap items-center gap-2">
              {p.printPdfUrl ? (
                <a href={p.printPdfUrl} download className="btn-primary px-3 py-1.5 text-xs" data-testid="production-print-pdf">
                  {t("printPdf")}
                </a>
              ) : (
                <span className="text-xs text-stone-500">{t("noPrintPdf")}</span>
              )}
              {p.dpi && (
                <span
                  className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${DPI_TONE[p.dpi.verdict]}`}
                  title={t(`dpiHint.${p.dpi.verdict}`)}
                  data-testid="production-dpi"
                  data-verdict={p.dpi.verdict}
                >
                  {t("dpi", { dpi: Math.round(p.dpi.effectiveDpi) })} · {t(`dpiVerdict.${p.dpi.verdict}`)}
                </span>
              )}
            </div>
          </div>
        </div>
      )}
      {line.personalised && (
        <p className="border-t border-stone-100 bg-stone-50 px-4 py-2 text-xs text-stone-600" data-testid="withdrawal-note">
          {withdrawalWaiverAt
            ? t("waiverConfirmed", { date: format.dateTime(new Date(withdrawalWaiverAt), { dateStyle: "medium", timeStyle: "short" }) })
            : t("waiverMissing")}
        </p>
      )}
    </article>
  );
}
