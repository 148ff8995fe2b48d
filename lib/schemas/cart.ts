import { z } from "zod";
import { DISCOUNT_REASONS } from "@/lib/domain/discount";
import { TAX_TREATMENT_KINDS } from "@/lib/domain/order-vocabulary";
import { MAX_QUANTITY } from "./cart-quantity";
import { mockupUrls } from "./mockups";
import { entityId } from "./common";

/** Nothing price-like is ever accepted from the browser. */

export { MAX_QUANTITY };
const quantity = z
  .number({ error: "validation.quantityInvalid" })
  .int({ error: "validation.quantityInvalid" })
  .min(1, { error: "validation.quantityInvalid" })
  .max(MAX_QUANTITY, { error: "validation.quantityInvalid" });

export const addCartItemBody = z.object({
  mugId: entityId("validation.mugRequired"),
  variantId: entityId("validation.variantRequired"),
  imageId: entityId("validation.imageRequiredForCart"),
  promptId: entityId("validation.invalidValue").optional(),
  quantity: quantity.default(1),
});

export const updateCartItemBody = z.object({ quantity });

export const cartItemResponse = z.object({
  id: z.number(),
  mug: z.object({ id: z.number(), name: z.string() }),
  variant: z.object({ id: z.number(), name: z.string(), insideColorCode: z.string(), outsideColorCode: z.string() }),
  image: z.object({ id: z.number(), url: z.string() }),
  mockups: mockupUrls,
  prompt: z.object({ id: z.number(), title: z.string() }).nullable(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  earlierUnitPriceCents: z.number().nullable(),
  priceChanged: z.boolean(),
  promptPriceCents: z.number(),
  vatPercent: z.number(),
  lineTotalCents: z.number(),
});

export const cartDiscountResponse = z.object({
  code: z.string(),
  applied: z.boolean(),
  reason: z.enum(DISCOUNT_REASONS).nullable(),
  minOrderCents: z.number(),
});

export const cartSummaryResponse = z.object({
  itemCount: z.number(),
  /** The destination shipping was priced for. */
  country: z.string(),
  /** How the destination is taxed: "export" prices are net, without German VAT. */
  taxTreatment: z.enum(TAX_TREATMENT_KINDS),
  subtotalCents: z.number(),
  discountCents: z.number(),
  discount: cartDiscountResponse.nullable(),
  shippingCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  currency: z.literal("EUR"),
  hasPriceChanges: z.boolean(),
  /** Each line as charged at this destination (an export pays net prices), before any discount. */
  lines: z.array(z.object({ id: z.number(), unitPriceCents: z.number(), lineTotalCents: z.number() })),
});

export const cartResponse = z.object({ items: z.array(cartItemResponse), summary: cartSummaryResponse });

export type AddCartItemBody = z.input<typeof addCartItemBody>;
export type UpdateCartItemBody = z.input<typeof updateCartItemBody>;
export type CartItemDto = z.infer<typeof cartItemResponse>;
export type CartDiscountDto = z.infer<typeof cartDiscountResponse>;
export type CartSummaryDto = z.infer<typeof cartSummaryResponse>;
export type CartDto = z.infer<typeof cartResponse>;
