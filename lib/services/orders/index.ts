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
