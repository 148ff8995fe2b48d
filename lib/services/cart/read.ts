import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articles, cartItems, carts, images, mugVariants, prompts } from "@/db/schema";
import type { Session } from "@/lib/auth/session";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { orderTotals } from "@/lib/pricing";
import { cartResponse, type CartDto, type CartItemDto, type CartSummaryDto } from "@/lib/schemas/cart";
import { cachedCatalog } from "../catalog-cache";
import { imageUrl } from "../images";
import { defaultVatPercent, type Queryable } from "./shared";

/** The cart lines as shown: only lines whose variant and image still exist (others are removed by refresh/checkout). */
function readLines(db: Queryable, userId: number) {
  return db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      unitPriceCents: cartItems.unitPriceCents,
      earlierUnitPriceCents: cartItems.earlierUnitPriceCents,
      promptPriceCents: cartItems.promptPriceCents,
      vatPercent: cartItems.vatPercent,
      mug: { id: articles.id, name: articles.name, nameDe: articles.nameDe },
      variant: {
        id: mugVariants.id,
        name: mugVariants.name,
        nameDe: mugVariants.nameDe,
        insideColorCode: mugVariants.insideColorCode,
        outsideColorCode: mugVariants.outsideColorCode,
      },
      imageId: images.id,
      promptId: prompts.id,
      promptTitle: prompts.title,
      promptTitleDe: prompts.titleDe,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(articles, eq(articles.id, cartItems.articleId))
    .innerJoin(mugVariants, eq(mugVariants.id, cartItems.mugVariantId))
    .innerJoin(images, eq(images.id, cartItems.imageId))
    .leftJoin(prompts, eq(prompts.id, cartItems.promptId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.id));
}

type LineRow = Awaited<ReturnType<typeof readLines>>[number];

/** The shipping VAT percent outside a transaction (cached with the catalogue; VAT writes invalidate it). */
function cachedShippingVatPercent(): Promise<number> {
  return cachedCatalog("default-vat-percent", async () => defaultVatPercent(await getDb()));
}

const grossUnit = (line: { unitPriceCents: number; promptPriceCents: number }) => line.unitPriceCents + line.promptPriceCents;

function toCartDto(rows: LineRow[], shippingVatPercent: number, locale: Locale): CartDto {
  const items: CartItemDto[] = rows.map((r) => ({
    id: r.id,
    mug: { id: r.mug.id, name: localized(locale, r.mug.name, r.mug.nameDe) },
    variant: {
      id: r.variant.id,
      name: localized(locale, r.variant.name, r.variant.nameDe),
      insideColorCode: r.variant.insideColorCode,
      outsideColorCode: r.variant.outsideColorCode,
    },
    image: { id: r.imageId, url: imageUrl(r.imageId) },
    prompt: r.promptId !== null && r.promptTitle !== null ? { id: r.promptId, title: localized(locale, r.promptTitle, r.promptTitleDe) } : null,
    quantity: r.quantity,
    unitPriceCents: r.unitPriceCents,
    earlierUnitPriceCents: r.earlierUnitPriceCents,
    priceChanged: r.earlierUnitPriceCents !== null,
    promptPriceCents: r.promptPriceCents,
    vatPercent: Number(r.vatPercent),
    lineTotalCents: grossUnit(r) * r.quantity,
  }));
  const totals = orderTotals(
    rows.map((r) => ({ unitPriceCents: grossUnit(r), quantity: r.quantity, vatPercent: Number(r.vatPercent) })),
    shippingVatPercent,
  );
  const summary: CartSummaryDto = {
    itemCount: rows.reduce((n, r) => n + r.quantity, 0),
    ...totals,
    currency: "EUR",
    hasPriceChanges: items.some((i) => i.priceChanged),
  };
  return cartResponse.parse({ items, summary });
}

/** The caller's cart: items (oldest first, mug and variant names in `locale`) and summary. An empty cart when there is none yet. */
export async function getCart(session: Session, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  const [rows, shippingVat] = await Promise.all([readLines(db, session.user.id), cachedShippingVatPercent()]);
  return toCartDto(rows, shippingVat, locale);
}

/** Item count (sum of quantities), subtotal, shipping, VAT and total of the caller's cart (no texts, so no language). */
export async function getCartSummary(session: Session): Promise<CartSummaryDto> {
  return (await getCart(session, DEFAULT_LOCALE)).summary;
}
