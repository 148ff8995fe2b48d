import "server-only";
import type { ArticleFigures } from "@/lib/schemas/dashboard";
import { eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { articlePriceCalculations, vatRates } from "@/db/schema";
import { netFromGross } from "@/lib/domain/pricing";
import type { LineGroup } from "./lines";

export async function articleFigures(db: Db, lines: LineGroup[], aiSpentCents: number): Promise<ArticleFigures[]> {
  const groups = new Map<string, ArticleFigures>();
  for (const l of lines) {
    if (l.paidLines === 0) continue;
    const key = JSON.stringify([l.articleId, l.article, l.variant, l.colour]);
    const g = groups.get(key) ?? {
      articleId: l.articleId,
      article: l.article,
      variant: l.variant,
      colour: l.colour,
      units: 0,
      revenueCents: 0,
      netCents: 0,
      purchaseCents: 0,
      aiCostCents: 0,
      marginCents: 0,
    };
    g.units += l.paidUnits;
    g.revenueCents += l.paidCents;
    g.netCents += l.paidNetCents;
    groups.set(key, g);
  }
  const rows = [...groups.values()];
  const ids = [...new Set(rows.flatMap((r) => (r.articleId === null ? [] : [r.articleId])))];
  const purchaseVat = alias(vatRates, "purchase_vat");
  const costs =
    ids.length === 0
      ? []
      : await db
          .select({
            articleId: articlePriceCalculations.articleId,
            total: articlePriceCalculations.purchaseTotalCents,
            mode: articlePriceCalculations.purchasePriceMode,
            unit: articlePriceCalculations.purchasePriceUnit,
            perPackage: articlePriceCalculations.purchaseUnitsPerPackage,
            vatPercent: purchaseVat.percent,
          })
          .from(articlePriceCalculations)
          .leftJoin(purchaseVat, eq(purchaseVat.id, articlePriceCalculations.purchaseVatRateId))
          .where(inArray(articlePriceCalculations.articleId, ids));
  const netPerUnit = new Map(
    costs.map((c) => {
      const net = c.mode === "GROSS" ? netFromGross(c.total, Number(c.vatPercent ?? 0)) : c.total;
      return [c.articleId, Math.round(net / (c.unit === "PACKAGE" ? Math.max(1, c.perPackage) : 1))];
    }),
  );
  const totalUnits = rows.reduce((sum, r) => sum + r.units, 0);
  for (const r of rows) {
    r.purchaseCents = r.units * (r.articleId === null ? 0 : (netPerUnit.get(r.articleId) ?? 0));
    r.aiCostCents = totalUnits === 0 ? 0 : Math.round((aiSpentCents * r.units) / totalUnits);
    r.marginCents = r.netCents - r.purchaseCents - r.aiCostCents;
  }
  return rows.sort((a, b) => b.units - a.units || b.revenueCents - a.revenueCents);
}
