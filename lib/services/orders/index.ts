/**
 * Orders and payments (server-only). Split by concern:
 *   place.ts          placing an order (idempotent, server totals, first payment attempt)
 *   payments.ts       retry, sandbox confirmation and authentication, Stripe reconciliation
 *   cancel.ts         cancelling (customer and admin, one path): refund or cancel the attempt first, then the order
 *   refunds/         refunds (commit, call, record) and booking a refund the provider confirmed
 *   admin-actions.ts  back office actions: process, complete, deliver, cancel, refund, resend receipt
 *   order-mails.ts    shipped / cancelled / refunded mails
 *   attempts.ts       payment attempts at the provider (payment-provider.ts: provider, call wrapper, keys)
 *   payment-moves.ts  a payment state through the payment table (payment-state.ts), and what paying does
 *   order-moves.ts    an order along the transition table (order-state.ts)
 *   events.ts         the order's timeline (also mail outcomes, handed to mail delivery as onSettled)
 *   unit-of-work.ts   inTransaction: effects (effects.ts) run and mail goes out after the commit
 *   locks.ts          order and payment row locks (order first)
 *   stripe-webhook/   verified Stripe events
 *   queries.ts        reads: list, detail, receipt PDF
 *   receipt.ts        receipt content for the email and the PDF
 *   admin-queries.ts  admin reads (admin/): order list with sums, detail with production sheets, line print PDF
 *   export.ts         the admin CSV export (streamed)
 */
import "server-only";

export { placeOrder } from "./place";
export { authenticateSandboxPayment, confirmSandboxPayment, reconcileStripePayment, retryPayment } from "./payments";
export { cancelOrderAs, cancelOwnOrder, type CancelOptions } from "./cancel";
export { bookSucceededRefund, refundOrder, refundPayment, type BookRefundInput, type BookedRefund, type RefundOutcome } from "./refunds";
export { bulkOrderAction } from "./admin/bulk";
export { packingSlipsPdf } from "./admin/packing-slip";
export { correctShippingAddress } from "./admin/address";
export { adminCancel, adminRefund, completeOrder, deliverOrder, processOrder, resendReceipt } from "./admin-actions";
export { getOrderForUser, getReceiptPdf, listOrders } from "./queries";
export { getAdminOrder, listAdminOrders } from "./admin-queries";
export { exportOrdersCsv } from "./export";
export { recordMailOutcome } from "./core/events";
export { handleStripeEvent, receiveStripeWebhook, type WebhookOutcome } from "./stripe-webhook";
