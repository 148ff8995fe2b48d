import "server-only";
/**
 * Outgoing mail above the transport (lib/integrations/mail): delivery with attachments, retries with
 * backoff, and the admin outbox. Callers pass onSettled to record an attempt (orders/events.ts writes
 * the order's timeline); order changes send their mail through orders/unit-of-work.ts.
 */
export { deliverQueuedMail, retryDueMail, retryPauseMinutes, type DeliveryResult, type MailOutcome, type OnMailSettled } from "./delivery";
export { listMail, mailContent, resendMail } from "./outbox";
