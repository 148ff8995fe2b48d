import "server-only";
import type { StyleFigures } from "@/lib/schemas/dashboard";
import { and, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { cartItems, generations, prompts } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { Period } from "@/lib/domain/report-period";
import type { LineGroup } from "./lines";

export const microToCents = (micro: number) => Math.round(micro / 1_000_000);

/** Customers' generations only: the prompt tester's are the owner's cost, not a style's. */
export async function styles(db: Db, p: Period, lines: LineGroup[], locale: Locale): Promise<StyleFigures[]> {
  const [generated, inCarts] = await Promise.all([
    db
      .select({
        promptId: sql<number>`${generations.promptId}`,
        count: sql<number>`count(*)::int`,
        micro: sql<number>`coalesce(sum(${generations.costMicroCents}), 0)::bigint`,
      })
      .from(generations)
      .where(
        and(
          isNotNull(generations.promptId),
          isNull(generations.testRunId),
          gte(generations.startedAt, p.start),
          lt(generations.startedAt, p.end),
        ),
      )
      .groupBy(generations.promptId),
    db
      .select({ promptId: sql<number>`${cartItems.promptId}`, count: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(and(isNotNull(cartItems.promptId), gte(cartItems.createdAt, p.start), lt(cartItems.createdAt, p.end)))
      .groupBy(cartItems.promptId),
  ]);
  const figures = new Map<number, StyleFigures>();
  const of = (promptId: number) => {
    let f = figures.get(promptId);
    if (!f) {
      f = { promptId, title: `#${promptId}`, generations: 0, cartLines: 0, paidLines: 0, conversion: 0, revenueCents: 0, aiCostCents: 0 };
      figures.set(promptId, f);
    }
    return f;
  };
  const micro = new Map<number, number>();
  for (const g of generated) {
    of(Number(g.promptId)).generations = Number(g.count);
    micro.set(Number(g.promptId), Number(g.micro));
  }
  for (const c of inCarts) of(Number(c.promptId)).cartLines += Number(c.count);
  for (const l of lines) {
    if (l.promptId === null || l.orderedLines + l.paidLines === 0) continue;
    const f = of(l.promptId);
    f.cartLines += l.orderedLines;
    f.paidLines += l.paidLines;
    f.revenueCents += l.paidCents;
  }
  if (figures.size === 0) return [];
  const titles = await db
    .select({ id: prompts.id, title: prompts.title, titleDe: prompts.titleDe })
    .from(prompts)
    .where(inArray(prompts.id, [...figures.keys()]));
  for (const t of titles) of(t.id).title = localized(locale, t.title, t.titleDe);
  for (const f of figures.values()) {
    f.aiCostCents = microToCents(micro.get(f.promptId) ?? 0);
    f.conversion = f.generations === 0 ? 0 : Math.round((f.paidLines / f.generations) * 1000) / 1000;
  }
  return [...figures.values()].sort((a, b) => b.revenueCents - a.revenueCents || b.generations - a.generations || a.promptId - b.promptId);
}
