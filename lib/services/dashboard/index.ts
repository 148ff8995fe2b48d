import "server-only";
import { getDb } from "@/db/client";
import type { Locale } from "@/lib/i18n/config";
import { berlinDay } from "@/lib/domain/berlin-time";
import { dayCount, defaultPeriod, period, presetPeriod, previousPeriod, type Period } from "@/lib/domain/report-period";
import { DASHBOARD_MAX_DAYS, type Dashboard, type DashboardQuery } from "@/lib/schemas/dashboard";
import { aiFigures } from "./ai";
import { articleFigures } from "./articles";
import { lineGroups } from "./lines";
import { needsAction } from "./needs-action";
import { ossThreshold } from "./oss-threshold";
import { sales, salesSeries } from "./sales";
import { styles } from "./styles";

export function dashboardPeriod(query: DashboardQuery, now = new Date()): Period {
  if (query.preset) return presetPeriod(query.preset, now);
  if (!query.from && !query.to) return defaultPeriod(now);
  const to = query.to ?? (query.from && query.from > berlinDay(now) ? query.from : berlinDay(now));
  const from = query.from ?? shift(to, -29);
  return dayCount(from, to) > DASHBOARD_MAX_DAYS ? period(shift(to, 1 - DASHBOARD_MAX_DAYS), to) : period(from, to);
}

function shift(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function dashboard(query: DashboardQuery, locale: Locale, now = new Date()): Promise<Dashboard> {
  const db = await getDb();
  const p = dashboardPeriod(query, now);
  const before = previousPeriod(p);
  const [current, previous, series, actions, lines, oss] = await Promise.all([
    sales(db, p),
    sales(db, before),
    salesSeries(db, p),
    needsAction(db, now),
    lineGroups(db, p),
    ossThreshold(db, now),
  ]);
  const [ai, styleFigures] = await Promise.all([aiFigures(db, p, current.orders), styles(db, p, lines, locale)]);
  return {
    from: p.from,
    to: p.to,
    ...current,
    previous: { from: before.from, to: before.to, ...previous },
    series,
    needsAction: actions,
    ossThreshold: oss,
    styles: styleFigures,
    ai,
    articles: await articleFigures(db, lines, ai.spentCents),
  };
}
