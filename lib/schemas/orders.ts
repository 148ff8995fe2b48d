import { z } from "zod";
import { email, optionalPhone } from "./auth";
import { personLine } from "./common";
import { mockupUrls } from "./mockups";
import { ORDER_STATUSES, PAYMENT_STATUSES, TAX_TREATMENT_KINDS } from "@/lib/domain/order-vocabulary";

const text = (max: number, required: `validation.${string}`) =>
  personLine(z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: "validation.tooLong" }));

export const contactBody = z.object({
  email,
  firstName: text(100, "validation.firstNameRequired"),
  lastName: text(100, "validation.lastNameRequired"),
  phone: optionalPhone,
});

export const addressBody = z.object({
  firstName: text(100, "validation.firstNameRequired"),
  lastName: text(100, "validation.lastNameRequired"),
  street1: text(200, "validation.streetRequired"),
  street2: personLine(z.string().trim().max(200, { error: "validation.tooLong" }))
    .nullish()
    .transform((v) => v || null),
  city: text(100, "validation.cityRequired"),
  postalCode: z
    .string({ error: "validation.postalCodeRequired" })
    .trim()
    .min(1, { error: "validation.postalCodeRequired" })
    .max(12, { error: "validation.postalCodeInvalid" })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: "validation.postalCodeInvalid" }),
  countryCode: z.string({ error: "validation.countryRequired" }).trim().toUpperCase().length(2, { error: "validation.countryRequired" }),
});

export const placeOrderBody = z.object({
  /** Made once per checkout: a double click or a retried request yields the same order. */
  idempotencyKey: z.string({ error: "validation.required" }).trim().min(8).max(100),
  contact: contactBody,
  shippingAddress: addressBody,
  billingAddress: addressBody.nullish().transform((v) => v ?? null),
  /** Required when the cart holds a personalised article (§312g Abs. 2 Nr. 1 BGB). */
  acceptWithdrawalWaiver: z.boolean({ error: "validation.withdrawalWaiverRequired" }).optional().default(false),
});

export const sandboxCardBody = z.object({
  cardNumber: z
    .string({ error: "validation.cardNumberInvalid" })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "validation.cardNumberInvalid" })),
  expMonth: z
    .number({ error: "validation.cardExpiryInvalid" })
    .int()
    .min(1, { error: "validation.cardExpiryInvalid" })
    .max(12, { error: "validation.cardExpiryInvalid" }),
  expYear: z
    .number({ error: "validation.cardExpiryInvalid" })
    .int()
    .min(2000, { error: "validation.cardExpiryInvalid" })
    .max(2100, { error: "validation.cardExpiryInvalid" }),
  cvc: z.string({ error: "validation.cardCvcInvalid" }).regex(/^\d{3,4}$/, { error: "validation.cardCvcInvalid" }),
});

export const sandboxAuthenticateBody = z.object({ approve: z.boolean() });

export const paymentResponse = z.object({
  id: z.number(),
  provider: z.enum(["stripe", "sandbox"]),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.number(),
  currency: z.literal("EUR"),
  clientSecret: z.string().nullable(),
  failureMessage: z.string().nullable(),
});

export const paymentConfigResponse = z.object({
  provider: z.enum(["stripe", "sandbox"]),
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
});

export const orderPaymentStatusSchema = z.enum(["unpaid", "paid", "partially_refunded", "refunded"]);

export const orderAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});

export const orderResponse = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: orderPaymentStatusSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      articleName: z.string(),
      variantName: z.string().nullable(),
      colour: z.string().nullable(),
      quantity: z.number(),
      unitPriceCents: z.number(),
      totalCents: z.number(),
      discountCents: z.number(),
      imageUrl: z.string().nullable(),
      mockups: mockupUrls,
    }),
  ),
  subtotalCents: z.number(),
  discountCents: z.number(),
  discountCode: z.string().nullable(),
  shippingCents: z.number(),
  taxCents: z.number(),
  taxTreatment: z.enum(TAX_TREATMENT_KINDS),
  /** Per rate, shipping included: the taxes add up to taxCents, net + tax to totalCents. */
  taxLines: z.array(z.object({ ratePercent: z.number(), netCents: z.number(), taxCents: z.number() })),
  totalCents: z.number(),
  currency: z.literal("EUR"),
  shippingAddress: orderAddress,
  billingAddress: orderAddress,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  cancellable: z.boolean(),
  invoiceAvailable: z.boolean(),
  creditNotes: z.array(
    z.object({ id: z.number(), number: z.string(), grossCents: z.number(), kind: z.enum(["cancellation", "correction"]) }),
  ),
  paymentFailureMessage: z.string().nullable(),
});

export const placeOrderResponse = z.object({ order: orderResponse, payment: paymentResponse });

export type ContactBody = z.input<typeof contactBody>;
export type AddressBody = z.input<typeof addressBody>;
export type PlaceOrderBody = z.input<typeof placeOrderBody>;
export type SandboxCardBody = z.input<typeof sandboxCardBody>;
export type PaymentDto = z.infer<typeof paymentResponse>;
export type PaymentConfigDto = z.infer<typeof paymentConfigResponse>;
export type OrderDto = z.infer<typeof orderResponse>;
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

export const orderParams = z.object({ orderId: z.uuid() });
