/** No imports, so the schema and the browser share this one copy. */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENT_TYPES = [
  "placed",
  "repriced",
  "paid",
  "payment_failed",
  "processed",
  "shipped",
  "delivered",
  "cancelled",
  "expired",
  "refunded",
  "refund_failed",
  "receipt_sent",
  "mail_sent",
  "mail_failed",
  "invoice_waiting",
  "invoice_issued",
  "credit_note_issued",
  "amount_mismatch",
  "duplicate_payment",
  "dispute_opened",
  "dispute_closed",
  "links_revoked",
  "address_corrected",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export const PAYMENT_STATUSES = [
  "creating",
  "requires_payment",
  "requires_action",
  "processing",
  "succeeded",
  "failed",
  "refunded",
  "cancelled",
] as const;

export const ORDER_EVENT_ACTORS = ["customer", "admin", "provider", "system"] as const;
export type OrderEventActor = (typeof ORDER_EVENT_ACTORS)[number];

/** How an order was taxed: German VAT, the destination's VAT (OSS), a tax-free export, or the buyer's reverse charge. */
export const TAX_TREATMENT_KINDS = ["domestic", "oss", "export", "reverse-charge"] as const;
export type TaxTreatmentKind = (typeof TAX_TREATMENT_KINDS)[number];
