import "server-only";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { articlePriceCalculations, articles, cartItems, carts, mugDetails, mugVariants } from "@/db/schema";
import { defaultVat, salesVat } from "../article-price";
import type { Queryable } from "./shared";

/** Every price-relevant write changes updated_at, so an equal text means the snapshot is current. */
export const priceBasis: SQL<string> = sql<string>`concat(${articles.updatedAt}, '|', ${mugVariants.updatedAt}, '|', ${mugDetails.articleId}, '|', ${articlePriceCalculations.updatedAt}, '|', ${salesVat.id}, ':', ${salesVat.updatedAt}, '|', ${defaultVat.id}, ':', ${defaultVat.updatedAt})`;

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
