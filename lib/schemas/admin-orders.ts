import { z } from "zod";
import { mockupUrls } from "./mockups";
import { ORDER_EVENT_TYPES, ORDER_STATUSES, PAYMENT_STATUSES, TAX_TREATMENT_KINDS } from "@/lib/domain/order-vocabulary";
import { listSearch, pageQuery, pageResponse } from "./common";
import { addressBody, orderAddress, orderPaymentStatusSchema } from "./orders";

export const ADMIN_ORDER_FILTERS = ["open", "pending", "processing", "completed", "cancelled", "all"] as const;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

export const ORDER_ATTENTION = ["unprocessed", "stale", "refundFailed", "disputed", "amountMismatch"] as const;
export type OrderAttention = (typeof ORDER_ATTENTION)[number];
export const STALE_PROCESSING_DAYS = 3;
/** Nothing marks a mismatch as checked, so only recent ones count. */
export const AMOUNT_MISMATCH_RECENT_DAYS = 90;

export const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validation.dateInvalid" })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: "validation.dateInvalid",
  })
  .optional()
  .or(z.literal("").transform(() => undefined));

export const adminOrdersQuery = z
  .object({
    status: z.enum(ADMIN_ORDER_FILTERS).default("open"),
    q: listSearch,
    attention: z.enum(ORDER_ATTENTION).optional(),
    from: calendarDay,
    to: calendarDay,
    ...pageQuery(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: "validation.dateRangeInvalid", path: ["to"] });

export const ORDER_EXPORT_FORMATS = ["csv", "excel-de"] as const;
export type OrderExportFormat = (typeof ORDER_EXPORT_FORMATS)[number];

export const adminOrdersExportQuery = z
  .object({
    status: z.enum(ADMIN_ORDER_FILTERS).default("all"),
    q: listSearch,
    attention: z.enum(ORDER_ATTENTION).optional(),
    from: calendarDay,
    to: calendarDay,
    format: z.enum(ORDER_EXPORT_FORMATS).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: "validation.dateRangeInvalid", path: ["to"] });

const reason = z
  .string({ error: "validation.reasonRequired" })
  .trim()
  .min(1, { error: "validation.reasonRequired" })
  .max(500, { error: "validation.tooLong" });

export const completeOrderBody = z.object({
  carrier: z
    .string()
    .trim()
    .max(100, { error: "validation.tooLong" })
    .nullish()
    .transform((v) => v || null),
  trackingNumber: z
    .string()
    .trim()
    .max(100, { error: "validation.tooLong" })
    .regex(/^[A-Za-z0-9 ._/-]*$/, { error: "validation.trackingNumberInvalid" })
    .nullish()
    .transform((v) => v || null),
});

export const cancelOrderBody = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: "validation.tooLong" })
    .nullish()
    .transform((v) => v || null),
});

export const refundOrderBody = z.object({
  amountCents: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .positive({ error: "validation.amountPositive" })
    .optional(),
  reason,
  /** Made once per dialog opening: a double submit or a retry refunds once. */
  idempotencyKey: z
    .string({ error: "validation.invalidType" })
    .trim()
    .min(8, { error: "validation.invalidValue" })
    .max(100, { error: "validation.tooLong" })
    .optional(),
});

export const orderItemParams = z.object({ orderId: z.uuid(), itemId: z.coerce.number().int().positive().max(2_147_483_647) });
export const invoiceQuery = z.object({ invoiceId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

const money = z.number().int();

export const adminOrderRow = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: orderPaymentStatusSchema,
  email: z.string(),
  customerName: z.string(),
  itemCount: z.number().int(),
  totalCents: money,
  refundedCents: money,
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  actions: z.array(z.enum(["process", "complete", "deliver", "cancel"])),
});

export const adminOrderPage = pageResponse(adminOrderRow).extend({
  sums: z.object({ orders: z.number().int(), totalCents: money, refundedCents: money }),
});

export const productionSheet = z.object({
  sourceImageUrl: z.string().nullable(),
  designImageUrl: z.string().nullable(),
  mockups: mockupUrls,
  designWidth: z.number().int().nullable(),
  designHeight: z.number().int().nullable(),
  promptTitle: z.string().nullable(),
  promptText: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  generationCostCents: z.number().nullable(),
  printPdfUrl: z.string().nullable(),
  dpi: z.object({ effectiveDpi: z.number(), verdict: z.enum(["ok", "low", "too_low"]) }).nullable(),
  print: z
    .object({
      sourceDpi: z.number(),
      width: z.number().int(),
      height: z.number().int(),
      dpi: z.number(),
      upscale: z.number(),
      templateWidthMm: z.number(),
      templateHeightMm: z.number(),
    })
    .nullable(),
});

export const adminOrderDetail = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: orderPaymentStatusSchema,
  locale: z.enum(["de", "en"]),
  userId: z.number().int().nullable(),
  customerErasedAt: z.string().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  /** Null once an erased customer's finished delivery no longer needs it. */
  shippingAddress: orderAddress.nullable(),
  billingAddress: orderAddress,
  items: z.array(
    z.object({
      id: z.number().int(),
      articleId: z.number().int().nullable(),
      articleName: z.string(),
      variantName: z.string().nullable(),
      colour: z.string().nullable(),
      quantity: z.number().int(),
      unitPriceCents: money,
      vatPercent: z.number(),
      totalCents: money,
      discountCents: money,
      personalised: z.boolean(),
      production: productionSheet,
    }),
  ),
  subtotalCents: money,
  discountCents: money,
  discountCode: z.string().nullable(),
  shippingCents: money,
  taxCents: money,
  taxTreatment: z.enum(TAX_TREATMENT_KINDS),
  /** Per rate, shipping included: the taxes add up to taxCents, net + tax to totalCents. */
  taxLines: z.array(z.object({ ratePercent: z.number(), netCents: money, taxCents: money })),
  totalCents: money,
  paidCents: money,
  refundedCents: money,
  refundableCents: money,
  currency: z.literal("EUR"),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  withdrawalWaiverAt: z.string().nullable(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.enum(["stripe", "sandbox"]),
      providerPaymentId: z.string().nullable(),
      status: z.enum(PAYMENT_STATUSES),
      amountCents: money,
      refundedCents: money,
      failureMessage: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      paymentId: z.number().int(),
      amountCents: money,
      reason: z.string(),
      status: z.enum(["pending", "succeeded", "failed"]),
      source: z.enum(["customer", "admin", "provider", "system"]),
      createdAt: z.string(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(["invoice", "credit_note"]),
      number: z.string(),
      grossCents: money,
      issuedAt: z.string(),
      url: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(ORDER_EVENT_TYPES),
      fromStatus: z.enum(ORDER_STATUSES).nullable(),
      toStatus: z.enum(ORDER_STATUSES).nullable(),
      actor: z.enum(["customer", "admin", "provider", "system"]),
      actorEmail: z.string().nullable(),
      note: z.string().nullable(),
      data: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
  actions: z.array(z.enum(["process", "complete", "deliver", "cancel"])),
  canRefund: z.boolean(),
  canResendReceipt: z.boolean(),
});

export const adminMailQuery = z.object({
  status: z.enum(["all", "queued", "sent", "failed"]).default("all"),
  q: listSearch,
  ...pageQuery(),
});

export const adminMailDto = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(["receipt", "shipped", "cancelled", "refunded", "account", "other"]),
  status: z.enum(["queued", "sent", "failed"]),
  attempts: z.number().int(),
  error: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

export const adminMailPage = pageResponse(adminMailDto);

export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
export type AdminOrdersExportQuery = z.infer<typeof adminOrdersExportQuery>;
export type CompleteOrderBody = z.input<typeof completeOrderBody>;
export type CancelOrderBody = z.input<typeof cancelOrderBody>;
export type RefundOrderBody = z.input<typeof refundOrderBody>;
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export type AdminOrderPage = z.infer<typeof adminOrderPage>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;
export type ProductionSheet = z.infer<typeof productionSheet>;
export type AdminMailQuery = z.infer<typeof adminMailQuery>;
export type AdminMailDto = z.infer<typeof adminMailDto>;
export type AdminMailPage = z.infer<typeof adminMailPage>;

/** Bounded so that one request stays short. */
export const BULK_ORDERS_MAX = 50;

const bulkOrderIds = z
  .array(z.uuid({ error: "validation.invalidFormat" }), { error: "validation.required" })
  .min(1, { error: "validation.required" })
  .max(BULK_ORDERS_MAX, { error: "validation.tooBig" })
  .transform((ids) => [...new Set(ids)]);

export const bulkOrderBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("process"), orderIds: bulkOrderIds }),
  z.object({
    action: z.literal("complete"),
    orderIds: bulkOrderIds,
    carrier: completeOrderBody.shape.carrier,
    trackingNumbers: z.record(z.uuid(), completeOrderBody.shape.trackingNumber).optional(),
  }),
]);

export const bulkOrderResult = z.object({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  ok: z.boolean(),
  error: z.string().optional(),
  status: z.number().int().optional(),
});

export const bulkOrderResponse = z.object({ results: z.array(bulkOrderResult), succeeded: z.number().int(), failed: z.number().int() });

export const orderIdsQuery = z.object({
  ids: z
    .string({ error: "validation.required" })
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(bulkOrderIds),
});

export type BulkOrderBody = z.input<typeof bulkOrderBody>;
export type BulkOrderInput = z.output<typeof bulkOrderBody>;
export type BulkOrderResult = z.infer<typeof bulkOrderResult>;
export type BulkOrderResponse = z.infer<typeof bulkOrderResponse>;

export const shippingAddressBody = addressBody;
export type ShippingAddressBody = z.input<typeof shippingAddressBody>;
