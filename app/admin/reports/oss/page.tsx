import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { formatEuro, formatNumber } from "@/lib/format";
import { QUARTER, quarterOf } from "@/lib/domain/report-period";
import { ossReport } from "@/lib/services/reports/oss";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ossReport"))("title") };
}

/** The last eight quarters, newest first: what an owner files or corrects. */
function recentQuarters(now = new Date()): string[] {
  const [year = "0", q = "1"] = quarterOf(now).split("-Q");
  return Array.from({ length: 8 }, (_, i) => {
    const n = Number(year) * 4 + Number(q) - 1 - i;
    return `${Math.floor(n / 4)}-Q${(n % 4) + 1}`;
  });
}

export default async function OssReportPage({ searchParams }: { searchParams: Promise<{ quarter?: string | string[] }> }) {
  await requireBackOffice(null);
  const [t, locale, params] = await Promise.all([getTranslations("ossReport"), getLocale().then(shopLocale), searchParams]);
  const quarters = recentQuarters();
  const asked =
    typeof params.quarter === "string" && QUARTER.test(params.quarter) ? params.quarter : (quarters[0] ?? quarterOf(new Date()));
  const report = await ossReport(asked);
  const euro = (cents: number) => formatEuro(cents, locale);
  const day = (d: string) =>
    new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(d));
  return (
    <section className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-stone-700">{t("intro")}</p>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">{t("quarter")}</span>
          <select name="quarter" defaultValue={asked} className="input" data-testid="oss-quarter">
            {(quarters.includes(asked) ? quarters : [asked, ...quarters]).map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          {t("show")}
        </button>
        <a className="btn-secondary" href={`/api/admin/reports/oss?quarter=${asked}&format=csv`} data-testid="oss-csv">
          {t("csv")}
        </a>
      </form>
      <p className="text-sm text-stone-600">{t("period", { from: day(report.from), to: day(report.to) })}</p>
      {report.rows.length === 0 ? (
        <p className="card text-stone-600" data-testid="oss-empty">
          {t("empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-sm" data-testid="oss-table">
            <thead className="bg-stone-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("country")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("rate")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("net")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("vat")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={`${r.country}-${r.ratePercent}`} className="border-t border-stone-100" data-country={r.country}>
                  <td className="px-3 py-2">{r.country}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(r.ratePercent, locale)} %</td>
                  <td className="px-3 py-2 text-right tabular-nums">{euro(r.netCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{euro(r.vatCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-stone-200 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-left" colSpan={2}>
                  {t("total")}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{euro(report.totals.netCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{euro(report.totals.vatCents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
