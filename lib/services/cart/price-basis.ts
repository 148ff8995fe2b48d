import "server-only";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { articlePriceCalculations, articles, cartItems, carts, mugDetails, mugVariants } from "@/db/schema";
import { defaultVat, salesVat } from "../article-price";
import type { Queryable } from "./shared";

/**
 * The catalogue state a line's price depends on, as one text of updated_at values. Every price-relevant
 * write changes it through `$onUpdate`, so an equal text means the snapshot is current without any
 * per-instance state. Compared for equality only: clocks of different instances may disagree.
 */
export const priceBasis: SQL<string> = sql<string>`concat(${articles.updatedAt}, '|', ${mugVariants.updatedAt}, '|', ${mugDetails.articleId}, '|', ${articlePriceCalculations.updatedAt}, '|', ${salesVat.id}, ':', ${salesVat.updatedAt}, '|', ${defaultVat.id}, ':', ${defaultVat.updatedAt})`;

/** One indexed query, no write. */
export async function cartNeedsRefresh(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .leftJoin(mugVariants, eq(mugVariants.id, cartItems.mugVariantId))
    .leftJoin(articles, eq(articles.id, cartItems.articleId))
    .leftJoin(mugDetails, eq(mugDetails.articleId, cartItems.articleId))
    .leftJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, cartItems.articleId))
    .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
    .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
    .where(
      and(
        eq(carts.userId, userId),
        or(
          isNull(cartItems.pricedBasis),
          isNull(cartItems.imageId),
          isNull(cartItems.mugVariantId),
          sql`${cartItems.pricedBasis} is distinct from ${priceBasis}`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
