import "server-only";
import type { AiFigures } from "@/lib/schemas/dashboard";
import { and, gte, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { generations } from "@/db/schema";
import { env } from "@/lib/env";
import { daysOf, type Period } from "@/lib/domain/report-period";
import { berlinDate } from "./sales";
import { microToCents } from "./styles";

/** The prompt tester's generations count too: the budget pays for all of them. */
export async function aiFigures(db: Db, p: Period, paidOrders: number): Promise<AiFigures> {
  const inPeriod = and(gte(generations.startedAt, p.start), lt(generations.startedAt, p.end));
  const day = berlinDate(generations.startedAt);
  const [days, models] = await Promise.all([
    db
      .select({ date: day, micro: sql<number>`coalesce(sum(${generations.costMicroCents}), 0)::bigint`, count: sql<number>`count(*)::int` })
      .from(generations)
      .where(inPeriod)
      .groupBy(day),
    db
      .select({
        provider: generations.provider,
        model: generations.model,
        count: sql<number>`count(*)::int`,
        failed: sql<number>`(count(*) filter (where ${generations.status} = 'FAILED'))::int`,
        micro: sql<number>`coalesce(sum(${generations.costMicroCents}), 0)::bigint`,
      })
      .from(generations)
      .where(inPeriod)
      .groupBy(generations.provider, generations.model),
  ]);
  const byDay = new Map(days.map((d) => [d.date, d]));
  const spentMicro = days.reduce((sum, d) => sum + Number(d.micro), 0);
  const spentCents = microToCents(spentMicro);
  return {
    spentCents,
    budgetCents: Math.round(env().AI_BUDGET_EUR_PER_DAY * 100 * p.days),
    perDay: daysOf(p).map((date) => ({
      date,
      costCents: microToCents(Number(byDay.get(date)?.micro ?? 0)),
      generations: Number(byDay.get(date)?.count ?? 0),
    })),
    perModel: models
      .map((m) => ({
        provider: m.provider,
        model: m.model,
        generations: Number(m.count),
        failed: Number(m.failed),
        costCents: microToCents(Number(m.micro)),
      }))
      .sort((a, b) => b.costCents - a.costCents || b.generations - a.generations),
    costPerPaidOrderCents: paidOrders === 0 ? 0 : Math.round(spentCents / paidOrders),
  };
}
