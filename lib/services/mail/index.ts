import "server-only";
/**
 * Outgoing mail above the transport (lib/integrations/mail): delivery with attachments, retries with
 * backoff, and the admin outbox. Order changes send their mail through orders/unit-of-work.ts.
 */
export { deliverQueuedMail, retryDueMail, retryPauseMinutes, type DeliveryResult } from "./delivery";
export { listMail, resendMail } from "./outbox";
