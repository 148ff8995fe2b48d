import "server-only";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { articles, cartItems, carts, mugMockups, mugVariants, prompts, type DiscountCode } from "@/db/schema";
import type { Viewer } from "@/lib/request-context/viewer";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { cartResponse, type CartDto, type CartItemDto, type CartSummaryDto } from "@/lib/schemas/cart";
import { cachedCatalog } from "../catalog-cache";
import { prepared } from "../prepared";
import { imageUrl, lineMockups } from "../images";
import { cartCode, cartDiscount, goodsOf, summaryDiscount, type CartDiscount } from "../discounts/cart-state";
import { defaultVatPercent, type Queryable } from "./shared";
import { cartMockups } from "./mockups";
import { mockupStateColumns } from "../images/mockups/read";
import type { MockupUrls } from "@/lib/schemas/mockups";
import type { Destination } from "@/lib/domain/shipping";
import { destinationOf, listShippingZones } from "../shipping";
import { getTaxSettings } from "../tax-settings";

function readLines(db: Db, userId: number) {
  return prepared(db, "cart_lines", (d) => cartLinesQuery(d).prepare("cart_lines")).execute({ userId });
}

/** Exported for `npm run bench`. */
export function cartLinesQuery(d: Db) {
  return d
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      unitPriceCents: cartItems.unitPriceCents,
      earlierUnitPriceCents: cartItems.earlierUnitPriceCents,
      promptPriceCents: cartItems.promptPriceCents,
      vatPercent: cartItems.vatPercent,
      articleId: cartItems.articleId,
      mugVariantId: cartItems.mugVariantId,
      imageId: cartItems.imageId,
      promptId: cartItems.promptId,
      mockup: mockupStateColumns,
    })
    .from(cartItems)
    .leftJoin(mugMockups, and(eq(mugMockups.imageId, cartItems.imageId), eq(mugMockups.mugVariantId, cartItems.mugVariantId)))
    .where(
      and(
        eq(
          cartItems.cartId,
          d
            .select({ id: carts.id })
            .from(carts)
            .where(eq(carts.userId, sql.placeholder("userId"))),
        ),
        isNotNull(cartItems.mugVariantId),
        isNotNull(cartItems.imageId),
      ),
    )
    .orderBy(asc(cartItems.id));
}

type LineRow = Awaited<ReturnType<typeof readLines>>[number];

interface Names {
  name: string;
  nameDe: string | null;
}
interface VariantNames extends Names {
  insideColorCode: string;
  outsideColorCode: string;
}
interface CartNames {
  articles: Map<number, Names>;
  variants: Map<number, VariantNames>;
  prompts: Map<number, Names>;
}

async function loadNames(db: Queryable, ids?: { articles: number[]; variants: number[]; prompts: number[] }): Promise<CartNames> {
  const [articleRows, variantRows, promptRows] = await Promise.all([
    ids?.articles.length === 0
      ? []
      : db
          .select({ id: articles.id, name: articles.name, nameDe: articles.nameDe })
          .from(articles)
          .where(ids ? inArray(articles.id, ids.articles) : eq(articles.type, "MUG")),
    ids?.variants.length === 0
      ? []
      : db
          .select({
            id: mugVariants.id,
            name: mugVariants.name,
            nameDe: mugVariants.nameDe,
            insideColorCode: mugVariants.insideColorCode,
            outsideColorCode: mugVariants.outsideColorCode,
          })
          .from(mugVariants)
          .where(ids ? inArray(mugVariants.id, ids.variants) : undefined),
    ids?.prompts.length === 0
      ? []
      : db
          .select({ id: prompts.id, name: prompts.title, nameDe: prompts.titleDe })
          .from(prompts)
          .where(ids ? inArray(prompts.id, ids.prompts) : undefined),
  ]);
  return {
    articles: new Map(articleRows.map((r) => [r.id, r])),
    variants: new Map(variantRows.map((r) => [r.id, r])),
    prompts: new Map(promptRows.map((r) => [r.id, r])),
  };
}

/** Names are only shown (prices come from the line), so the cache's staleness is harmless. */
async function cartNames(rows: LineRow[]): Promise<CartNames> {
  if (rows.length === 0) return { articles: new Map(), variants: new Map(), prompts: new Map() };
  const names = await cachedCatalog("cart-names", async () => loadNames(await getDb()));
  const missing = {
    articles: [...new Set(rows.filter((r) => !names.articles.has(r.articleId)).map((r) => r.articleId))],
    variants: [...new Set(rows.flatMap((r) => (r.mugVariantId !== null && !names.variants.has(r.mugVariantId) ? [r.mugVariantId] : [])))],
    prompts: [...new Set(rows.flatMap((r) => (r.promptId !== null && !names.prompts.has(r.promptId) ? [r.promptId] : [])))],
  };
  if (missing.articles.length + missing.variants.length + missing.prompts.length === 0) return names;
  const extra = await loadNames(await getDb(), missing);
  return {
    articles: new Map([...names.articles, ...extra.articles]),
    variants: new Map([...names.variants, ...extra.variants]),
    prompts: new Map([...names.prompts, ...extra.prompts]),
  };
}

function cachedShippingVatPercent(): Promise<number> {
  return cachedCatalog("default-vat-percent", async () => defaultVatPercent(await getDb()));
}

const grossUnit = (line: { unitPriceCents: number; promptPriceCents: number }) => line.unitPriceCents + line.promptPriceCents;

const totalsLines = (rows: readonly Pick<LineRow, "unitPriceCents" | "promptPriceCents" | "quantity" | "vatPercent">[]) =>
  rows.map((r) => ({ unitPriceCents: grossUnit(r), quantity: r.quantity, vatPercent: Number(r.vatPercent) }));

function summaryOf(
  rows: readonly Pick<LineRow, "id" | "unitPriceCents" | "promptPriceCents" | "quantity" | "vatPercent" | "earlierUnitPriceCents">[],
  destination: Destination,
  shippingVatPercent: number,
  discount: CartDiscount | null,
): CartSummaryDto {
  const { totals, discount: shown, chargedLines } = summaryDiscount(totalsLines(rows), destination, shippingVatPercent, discount);
  return {
    itemCount: rows.reduce((n, r) => n + r.quantity, 0),
    country: destination.country,
    taxTreatment: destination.tax.kind,
    ...totals,
    discount: shown,
    currency: "EUR",
    hasPriceChanges: rows.some((r) => r.earlierUnitPriceCents !== null),
    lines: rows.map((r, i) => {
      const unitPriceCents = chargedLines[i]?.unitPriceCents ?? grossUnit(r);
      return { id: r.id, unitPriceCents, lineTotalCents: unitPriceCents * r.quantity };
    }),
  };
}

function discountOf(
  db: Db,
  session: Viewer,
  code: DiscountCode | null,
  rows: LineRow[],
  destination: Destination,
): Promise<CartDiscount | null> {
  return cartDiscount(db, code, session.user.id, goodsOf(totalsLines(rows), destination));
}

function toCartDto(
  rows: LineRow[],
  names: CartNames,
  destination: Destination,
  shippingVatPercent: number,
  locale: Locale,
  discount: CartDiscount | null,
  mockups: Map<string, MockupUrls> = new Map(),
): CartDto {
  const shown = rows.flatMap((r) => {
    const mug = names.articles.get(r.articleId);
    const variant = r.mugVariantId === null ? undefined : names.variants.get(r.mugVariantId);
    return mug && variant && r.mugVariantId !== null && r.imageId !== null
      ? [{ ...r, mug, variant, mugVariantId: r.mugVariantId, imageId: r.imageId }]
      : [];
  });
  const items: CartItemDto[] = shown.map((r) => {
    const prompt = r.promptId === null ? undefined : names.prompts.get(r.promptId);
    return {
      id: r.id,
      mug: { id: r.articleId, name: localized(locale, r.mug.name, r.mug.nameDe) },
      variant: {
        id: r.mugVariantId,
        name: localized(locale, r.variant.name, r.variant.nameDe),
        insideColorCode: r.variant.insideColorCode,
        outsideColorCode: r.variant.outsideColorCode,
      },
      image: { id: r.imageId, url: imageUrl(r.imageId) },
      mockups: lineMockups(mockups, r.imageId, r.mugVariantId),
      prompt: r.promptId !== null && prompt ? { id: r.promptId, title: localized(locale, prompt.name, prompt.nameDe) } : null,
      quantity: r.quantity,
      unitPriceCents: r.unitPriceCents,
      earlierUnitPriceCents: r.earlierUnitPriceCents,
      priceChanged: r.earlierUnitPriceCents !== null,
      promptPriceCents: r.promptPriceCents,
      vatPercent: Number(r.vatPercent),
      lineTotalCents: grossUnit(r) * r.quantity,
    };
  });
  return cartResponse.parse({ items, summary: summaryOf(shown, destination, shippingVatPercent, discount) });
}

/** Priced for the shop's home country: the checkout asks the summary for the chosen one. */
export async function getCart(session: Viewer, locale: Locale): Promise<CartDto> {
  const db = await getDb();
  const [rows, shippingVat, code, zones, tax] = await Promise.all([
    readLines(db, session.user.id),
    cachedShippingVatPercent(),
    cartCode(db, session.user.id),
    listShippingZones(),
    getTaxSettings(db),
  ]);
  const destination = destinationOf(zones, undefined, "country", tax);
  const [names, discount, mockups] = await Promise.all([
    cartNames(rows),
    discountOf(db, session, code, rows, destination),
    cartMockups(rows, locale),
  ]);
  return toCartDto(rows, names, destination, shippingVat, locale, discount, mockups);
}

/** `country` absent: the home country; a country outside every zone answers 422. */
export async function getCartSummary(session: Viewer, country?: string): Promise<CartSummaryDto> {
  const db = await getDb();
  const destination = destinationOf(await listShippingZones(), country, "country", await getTaxSettings(db));
  const [rows, shippingVat, code] = await Promise.all([
    readLines(db, session.user.id),
    cachedShippingVatPercent(),
    cartCode(db, session.user.id),
  ]);
  return summaryOf(rows, destination, shippingVat, await discountOf(db, session, code, rows, destination));
}
