import "server-only";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { articlePriceCalculations, articles, cartItems, carts, mugDetails, mugVariants } from "@/db/schema";
import { defaultVat, salesVat } from "../article-price";
import type { Queryable } from "./shared";

/**
 * The catalogue state a line's price depends on, as one text: the updated_at of its mug, colour
 * variant and price calculation, whether the mug has details, and the id and updated_at of its own
 * VAT rate and of the default rate. Every price-relevant admin write (price, VAT rate, default rate,
 * activating or deactivating a mug or variant) goes through Drizzle's `$onUpdate`, so it changes this
 * text; a deletion turns a part into '' (or cascades the line away). Stored with the line when it is
 * priced (cart_items.priced_basis) and compared with the catalogue when the cart is visited: an equal
 * text means the snapshot is current, with no write and without any per-instance state, so every app
 * instance comes to the same answer. Compared for equality, never for order: clocks of different
 * instances may disagree. The joins are the ones sellableVariants() in ./checkout.ts makes.
 */
export const priceBasis: SQL<string> = sql<string>`concat(${articles.updatedAt}, '|', ${mugVariants.updatedAt}, '|', ${mugDetails.articleId}, '|', ${articlePriceCalculations.updatedAt}, '|', ${salesVat.id}, ':', ${salesVat.updatedAt}, '|', ${defaultVat.id}, ':', ${defaultVat.updatedAt})`;

/**
 * True when some line of the user's cart needs the full refresh: priced against another catalogue
 * state than today's (or never checked), or its image or variant is gone. One indexed query, no write.
 */
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
