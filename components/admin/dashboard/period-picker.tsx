import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { PRESETS, presetPeriod } from "@/lib/domain/report-period";

function longDate(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Links for the usual periods and a plain GET form for any other: the period lives in the URL. */
export function PeriodPicker({
  from,
  to,
  previousFrom,
  previousTo,
}: {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}) {
  const t = useTranslations("admin.dashboard");
  const locale = useLocale();
  return (
    <section aria-label={t("period")} className="space-y-2 rounded-lg border border-stone-200 bg-white p-3">
      <nav className="flex flex-wrap gap-2" aria-label={t("presets")}>
        {PRESETS.map((preset) => {
          const p = presetPeriod(preset);
          const current = p.from === from && p.to === to;
          return (
            <Link
              key={preset}
              href={`/admin?preset=${preset}`}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${current ? "border-sky-700 bg-sky-700 text-white" : "border-stone-300 hover:bg-stone-50"}`}
            >
              {t(`preset.${preset}`)}
            </Link>
          );
        })}
      </nav>
      <form method="get" action="/admin" className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col">
          <span className="text-stone-600">{t("from")}</span>
          <input type="date" name="from" defaultValue={from} required className="rounded border border-stone-300 px-2 py-1" />
        </label>
        <label className="flex flex-col">
          <span className="text-stone-600">{t("to")}</span>
          <input type="date" name="to" defaultValue={to} required className="rounded border border-stone-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded border border-stone-300 px-3 py-1 hover:bg-stone-50">
          {t("show")}
        </button>
      </form>
      <p className="text-sm text-stone-600" data-testid="period">
        {t("periodLine", {
          from: longDate(from, locale),
          to: longDate(to, locale),
          previousFrom: longDate(previousFrom, locale),
          previousTo: longDate(previousTo, locale),
        })}
      </p>
    </section>
  );
}
