/**
 * Orders and payments (server-only). Split by concern:
 *   place.ts          placing an order (idempotent, server totals, first payment attempt)
 *   payments.ts       retry, sandbox confirmation and authentication, Stripe reconciliation, cancellation
 *   attempts.ts       payment attempts at the provider
 *   transitions.ts    applying a payment state through the transition table (payment-state.ts) + effects
 *   stripe-webhook.ts verified Stripe events
 *   queries.ts        reads: list, detail, receipt PDF
 *   receipt.ts        receipt content for the email and the PDF
 */
import "server-only";

export { placeOrder } from "./place";
export { authenticateSandboxPayment, cancelOrder, confirmSandboxPayment, reconcileStripePayment, retryPayment } from "./payments";
export { getOrderForUser, getReceiptPdf, listOrders } from "./queries";
export { handleStripeEvent, receiveStripeWebhook, type WebhookOutcome } from "./stripe-webhook";
