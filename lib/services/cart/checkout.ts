import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { articlePriceCalculations, articles, cartItems, carts, mugDetails, mugVariants } from "@/db/schema";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { CartDto } from "@/lib/schemas/cart";
import { articlePrice, articlePriceColumns, defaultVat, salesVat } from "../article-price";
import { cartNeedsRefresh, priceBasis } from "./price-basis";
import { getCart } from "./read";
import { defaultVatPercent, type Queryable } from "./shared";

export interface CheckoutLine {
  cartItemId: number;
  articleId: number;
  articleName: string;
  mugVariantId: number;
  variantName: string;
  colour: string;
  imageId: number;
  promptId: number | null;
  quantity: number;
  unitPriceCents: number;
  vatPercent: number;
  lineTotalCents: number;
}

export interface PricedCart {
  lines: CheckoutLine[];
  changed: boolean;
  removedItemIds: number[];
  /** Totals come later, with the destination and the discount (lib/domain/discount). */
  shippingVatPercent: number;
}

interface SellableVariant {
  articleId: number;
  articleName: string;
  variantName: string;
  insideColorCode: string;
  outsideColorCode: string;
  priceCents: number;
  vatPercent: number;
  basis: string;
}

async function sellableVariants(db: Queryable, variantIds: number[], locale: Locale): Promise<Map<number, SellableVariant>> {
  const out = new Map<number, SellableVariant>();
  if (variantIds.length === 0) return out;
  const rows = await db
    .select({
      variantId: mugVariants.id,
      articleId: articles.id,
      articleName: articles.name,
      articleNameDe: articles.nameDe,
      variantName: mugVariants.name,
      variantNameDe: mugVariants.nameDe,
      insideColorCode: mugVariants.insideColorCode,
      outsideColorCode: mugVariants.outsideColorCode,
      ...articlePriceColumns,
      basis: priceBasis,
    })
    .from(mugVariants)
    .innerJoin(articles, eq(articles.id, mugVariants.articleId))
    .innerJoin(mugDetails, eq(mugDetails.articleId, articles.id))
    .innerJoin(articlePriceCalculations, eq(articlePriceCalculations.articleId, articles.id))
    .leftJoin(salesVat, eq(salesVat.id, articlePriceCalculations.salesVatRateId))
    .leftJoin(defaultVat, eq(defaultVat.isDefault, true))
    .where(and(inArray(mugVariants.id, variantIds), eq(mugVariants.active, true), eq(articles.type, "MUG"), eq(articles.active, true)));
  for (const row of rows) {
    const price = articlePrice(row);
    if (!price) continue;
    out.set(row.variantId, {
      articleId: row.articleId,
      articleName: localized(locale, row.articleName, row.articleNameDe),
      variantName: localized(locale, row.variantName, row.variantNameDe),
      insideColorCode: row.insideColorCode,
      outsideColorCode: row.outsideColorCode,
      priceCents: price.grossCents,
      vatPercent: price.vatPercent,
      basis: row.basis,
    });
  }
  return out;
}

/** A changed VAT percent alone is taken over silently: the customer pays the same. */
async function refreshInTx(userId: number, tx: Tx, locale: Locale): Promise<PricedCart> {
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for("update");
  const shippingVat = await defaultVatPercent(tx);
  if (!cart) return { lines: [], changed: false, removedItemIds: [], shippingVatPercent: shippingVat };

  const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id));
  const current = await sellableVariants(
    tx,
    items.flatMap((i) => (i.mugVariantId === null ? [] : [i.mugVariantId])),
    locale,
  );

  const lines: CheckoutLine[] = [];
  const removedItemIds: number[] = [];
  let changed = false;
  for (const item of items) {
    const now = item.mugVariantId === null ? undefined : current.get(item.mugVariantId);
    if (!now || now.articleId !== item.articleId || item.imageId === null || item.mugVariantId === null) {
      removedItemIds.push(item.id);
      continue;
    }
    let { unitPriceCents } = item;
    const itemVat = Number(item.vatPercent);
    if (unitPriceCents !== now.priceCents || itemVat !== now.vatPercent || item.pricedBasis !== now.basis) {
      const repriced = unitPriceCents !== now.priceCents;
      await tx
        .update(cartItems)
        .set({
          unitPriceCents: now.priceCents,
          vatPercent: now.vatPercent,
          pricedBasis: now.basis,
          ...(repriced ? { earlierUnitPriceCents: unitPriceCents } : {}),
        })
        .where(eq(cartItems.id, item.id));
      if (repriced) changed = true;
      unitPriceCents = now.priceCents;
    }
    const unit = unitPriceCents + item.promptPriceCents;
    lines.push({
      cartItemId: item.id,
      articleId: item.articleId,
      articleName: now.articleName,
      mugVariantId: item.mugVariantId,
      variantName: now.variantName,
      colour: `inside ${now.insideColorCode} / outside ${now.outsideColorCode}`,
      imageId: item.imageId,
      promptId: item.promptId,
      quantity: item.quantity,
      unitPriceCents: unit,
      vatPercent: now.vatPercent,
      lineTotalCents: unit * item.quantity,
    });
  }
  if (removedItemIds.length > 0) {
    await tx.delete(cartItems).where(inArray(cartItems.id, removedItemIds));
    changed = true;
  }
  return { lines, changed, removedItemIds, shippingVatPercent: shippingVat };
}

export async function refreshCartPrices(session: Viewer, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  if (await cartNeedsRefresh(db, session.user.id)) await db.transaction((tx) => refreshInTx(session.user.id, tx, locale));
  return getCart(session, locale);
}

export function pricedCartForCheckout(userId: number, tx: Tx, locale: Locale): Promise<PricedCart> {
  return refreshInTx(userId, tx, locale);
}
