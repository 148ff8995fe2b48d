import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatEuro, formatNumber } from "@/lib/format";
import { DataTable, type Column } from "@/components/ui/list/data-table";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import type { ArticleFigures, Dashboard, Sales, StyleFigures } from "@/lib/schemas/dashboard";
import { BarChart } from "./bar-chart";
import { PeriodPicker } from "./period-picker";

const SHOWN_STYLES = 20;
const rowProps = () => ({ className: "rt-row" });
const STYLE_SORTS = ["title", "generations", "cartLines", "paidLines", "conversion", "revenueCents", "aiCostCents"] as const;
type StyleSort = (typeof STYLE_SORTS)[number];

function sortStyles(rows: StyleFigures[], sort: string): StyleFigures[] {
  const field = sort.replace(/^-/, "") as StyleSort;
  if (!STYLE_SORTS.includes(field)) return rows;
  const dir = sort.startsWith("-") ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    return dir * (typeof x === "string" ? x.localeCompare(String(y)) : x - Number(y));
  });
}

/** "+12 %" against the period before; nothing to compare with shows a dash. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "±0 %" : "–";
  const pct = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${pct > 0 ? "+" : pct < 0 ? "−" : "±"}${Math.abs(pct)} %`;
}

function shortDate(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export function DashboardView({ data, searchParams, sort }: { data: Dashboard; searchParams: SearchParamsRecord; sort: string }) {
  const t = useTranslations("admin.dashboard");
  const locale = useLocale();
  const euro = (cents: number) => formatEuro(cents, locale);
  const num = (n: number) => formatNumber(n, locale);
  const cards: { key: string; label: string; value: (s: Sales) => number; money: boolean }[] = [
    { key: "gross", label: t("revenueGross"), value: (s) => s.revenue.grossCents, money: true },
    { key: "net", label: t("revenueNet"), value: (s) => s.revenue.netCents, money: true },
    { key: "orders", label: t("orders"), value: (s) => s.orders, money: false },
    { key: "average", label: t("averageOrder"), value: (s) => s.averageOrderCents, money: true },
    { key: "refunds", label: t("refunds"), value: (s) => s.refundsCents, money: true },
    { key: "discounts", label: t("discounts"), value: (s) => s.discountsCents, money: true },
  ];
  const styleRows = sortStyles(data.styles, sort).slice(0, SHOWN_STYLES);
  const styleColumns: Column<StyleFigures>[] = [
    { key: "title", header: t("style"), sort: "title", cell: (r) => r.title, className: "block rt-main" },
    {
      key: "gen",
      header: t("generations"),
      sort: "generations",
      align: "right",
      phoneLabel: true,
      cell: (r) => num(r.generations),
      className: "block py-0.5 rt-num",
    },
    {
      key: "cart",
      header: t("cartLines"),
      sort: "cartLines",
      align: "right",
      phoneLabel: true,
      cell: (r) => num(r.cartLines),
      className: "block py-0.5 rt-num",
    },
    {
      key: "paid",
      header: t("paidLines"),
      sort: "paidLines",
      align: "right",
      phoneLabel: true,
      cell: (r) => num(r.paidLines),
      className: "block py-0.5 rt-num",
    },
    {
      key: "conv",
      header: t("conversion"),
      sort: "conversion",
      align: "right",
      phoneLabel: true,
      cell: (r) => `${formatNumber(Math.round(r.conversion * 1000) / 10, locale)} %`,
      className: "block py-0.5 rt-num",
    },
    {
      key: "rev",
      header: t("revenue"),
      sort: "revenueCents",
      align: "right",
      phoneLabel: true,
      cell: (r) => euro(r.revenueCents),
      className: "block py-0.5 rt-num",
    },
    {
      key: "ai",
      header: t("aiCost"),
      sort: "aiCostCents",
      align: "right",
      phoneLabel: true,
      cell: (r) => euro(r.aiCostCents),
      className: "block py-0.5 rt-num",
    },
  ];
  const articleColumns: Column<ArticleFigures>[] = [
    {
      key: "article",
      header: t("article"),
      cell: (r) => [r.article, r.variant].filter(Boolean).join(" · "),
      className: "block rt-main",
    },
    { key: "units", header: t("units"), align: "right", phoneLabel: true, cell: (r) => num(r.units), className: "block py-0.5 rt-num" },
    {
      key: "rev",
      header: t("revenueNet"),
      align: "right",
      phoneLabel: true,
      cell: (r) => euro(r.netCents),
      className: "block py-0.5 rt-num",
    },
    {
      key: "buy",
      header: t("purchase"),
      align: "right",
      phoneLabel: true,
      cell: (r) => euro(r.purchaseCents),
      className: "block py-0.5 rt-num",
    },
    {
      key: "ai",
      header: t("aiCost"),
      align: "right",
      phoneLabel: true,
      cell: (r) => euro(r.aiCostCents),
      className: "block py-0.5 rt-num",
    },
    {
      key: "margin",
      header: t("margin"),
      align: "right",
      phoneLabel: true,
      cell: (r) => euro(r.marginCents),
      className: "block py-0.5 rt-num font-medium",
    },
  ];
  const dailyBudget = data.ai.budgetCents / Math.max(1, data.ai.perDay.length);
  const numbersTable = (head: string[], rows: (string | number)[][]) => (
    <table className="w-full text-left text-sm">
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="py-1 pr-4 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])} className="border-t border-stone-100">
            {r.map((c, i) => (
              <td key={i} className="py-1 pr-4 tabular-nums">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <div className="space-y-6" data-testid="dashboard">
      <PeriodPicker from={data.from} to={data.to} previousFrom={data.previous.from} previousTo={data.previous.to} />

      <section aria-labelledby="dash-sales" className="space-y-3">
        <h2 id="dash-sales" className="text-lg font-semibold">
          {t("sales")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {cards.map((c) => {
            const now = c.value(data);
            const before = c.value(data.previous);
            return (
              <div key={c.key} className="rounded-lg border border-stone-200 bg-white p-3" data-testid={`figure-${c.key}`}>
                <dt className="text-sm text-stone-600">{c.label}</dt>
                <dd className="text-xl font-semibold tabular-nums">{c.money ? euro(now) : num(now)}</dd>
                <dd className="text-xs text-stone-500">
                  {change(now, before)} · {t("before", { value: c.money ? euro(before) : num(before) })}
                </dd>
              </div>
            );
          })}
        </dl>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <h3 className="mb-2 text-sm font-medium text-stone-700">{t("revenuePerDay")}</h3>
          <BarChart
            testId="sales-chart"
            bars={data.series.map((d) => ({
              label: shortDate(d.date, locale),
              value: d.grossCents,
              title: `${shortDate(d.date, locale)}: ${euro(d.grossCents)}, ${t("ordersCount", { count: d.orders })}`,
            }))}
            numbersLabel={t("showNumbers")}
            table={numbersTable(
              [t("day"), t("revenueGross"), t("orders")],
              data.series.map((d) => [d.date, euro(d.grossCents), d.orders]),
            )}
          />
        </div>
      </section>

      <section aria-labelledby="dash-actions" className="space-y-3">
        <h2 id="dash-actions" className="text-lg font-semibold">
          {t("needsAction")}
        </h2>
        <ul className="grid gap-2 md:grid-cols-2" data-testid="needs-action">
          {data.needsAction.map((n) => (
            <li
              key={n.kind}
              data-kind={n.kind}
              className={`rounded-lg border p-3 ${n.count > 0 ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-white"}`}
            >
              <Link href={n.href} className="flex items-baseline justify-between gap-2 font-medium hover:underline">
                <span>{t(`action.${n.kind}`)}</span>
                <span className="tabular-nums">{num(n.count)}</span>
              </Link>
              {n.oldestAt && n.count > 0 && <p className="text-xs text-stone-600">{t("oldest", { age: age(n.oldestAt, t) })}</p>}
              {n.orders.length > 1 && (
                <p className="mt-1 flex flex-wrap gap-x-2 text-xs">
                  {n.orders.map((o) => (
                    <Link key={o.id} href={`/admin/orders/${o.id}`} className="text-sky-700 underline">
                      {o.orderNumber}
                    </Link>
                  ))}
                </p>
              )}
            </li>
          ))}
        </ul>
        {!data.ossThreshold.ossEnabled && data.ossThreshold.level !== "below" && (
          <p
            role="status"
            data-testid="oss-threshold"
            data-level={data.ossThreshold.level}
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {t(data.ossThreshold.level === "over" ? "ossOver" : "ossNear", {
              sales: euro(data.ossThreshold.thisYearNetCents),
              threshold: euro(data.ossThreshold.thresholdCents),
            })}{" "}
            <Link href="/admin/vat" className="font-medium underline">
              {t("ossLink")}
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="dash-styles" className="space-y-3">
        <h2 id="dash-styles" className="text-lg font-semibold">
          {t("styles")}
        </h2>
        {styleRows.length === 0 ? (
          <p className="text-sm text-stone-600">{t("noStyles")}</p>
        ) : (
          <>
            <DataTable
              rows={styleRows}
              columns={styleColumns}
              rowKey={(r) => r.promptId}
              testId="styles-table"
              rowProps={rowProps}
              sort={{ basePath: "/admin", searchParams, sort }}
            />
            {data.styles.length > SHOWN_STYLES && (
              <p className="text-xs text-stone-500">{t("shownOf", { shown: SHOWN_STYLES, total: data.styles.length })}</p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="dash-ai" className="space-y-3">
        <h2 id="dash-ai" className="text-lg font-semibold">
          {t("ai")}
        </h2>
        <p className="text-sm text-stone-700" data-testid="ai-summary">
          {t("aiSummary", {
            spent: euro(data.ai.spentCents),
            budget: euro(data.ai.budgetCents),
            perOrder: euro(data.ai.costPerPaidOrderCents),
          })}
        </p>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <h3 className="mb-2 text-sm font-medium text-stone-700">{t("aiPerDay")}</h3>
          <BarChart
            testId="ai-chart"
            bars={data.ai.perDay.map((d) => ({
              label: shortDate(d.date, locale),
              value: d.costCents,
              title: `${shortDate(d.date, locale)}: ${euro(d.costCents)}`,
            }))}
            limit={dailyBudget}
            limitLabel={t("dailyBudget", { budget: euro(Math.round(dailyBudget)) })}
            numbersLabel={t("showNumbers")}
            table={numbersTable(
              [t("day"), t("aiCost"), t("generations")],
              data.ai.perDay.map((d) => [d.date, euro(d.costCents), d.generations]),
            )}
          />
        </div>
        {data.ai.perModel.length > 0 && (
          <DataTable
            rows={data.ai.perModel}
            rowKey={(r) => `${r.provider}/${r.model}`}
            testId="ai-models"
            rowProps={rowProps}
            columns={[
              { key: "model", header: t("model"), cell: (r) => `${r.provider} · ${r.model}`, className: "block rt-main" },
              {
                key: "gen",
                header: t("generations"),
                align: "right",
                phoneLabel: true,
                cell: (r) => num(r.generations),
                className: "block py-0.5 rt-num",
              },
              {
                key: "failed",
                header: t("failed"),
                align: "right",
                phoneLabel: true,
                cell: (r) => num(r.failed),
                className: "block py-0.5 rt-num",
              },
              {
                key: "cost",
                header: t("aiCost"),
                align: "right",
                phoneLabel: true,
                cell: (r) => euro(r.costCents),
                className: "block py-0.5 rt-num",
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="dash-articles" className="space-y-3">
        <h2 id="dash-articles" className="text-lg font-semibold">
          {t("articles")}
        </h2>
        {data.articles.length === 0 ? (
          <p className="text-sm text-stone-600">{t("noArticles")}</p>
        ) : (
          <DataTable
            rows={data.articles}
            columns={articleColumns}
            rowKey={(r) => `${r.articleId}/${r.variant}/${r.colour}`}
            testId="articles-table"
            rowProps={rowProps}
          />
        )}
        <p className="text-xs text-stone-500">{t("marginNote")}</p>
      </section>
    </div>
  );
}

function age(iso: string, t: ReturnType<typeof useTranslations<"admin.dashboard">>): string {
  const hours = Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000));
  return hours < 48 ? t("hours", { count: hours }) : t("days", { count: Math.floor(hours / 24) });
}
