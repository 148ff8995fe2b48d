import "server-only";
/**
 * Outgoing mail above the transport (lib/integrations/mail): delivery with attachments, retries with
 * backoff, the order timeline entries, the scheduler's entry point and the admin outbox.
 * (lib/services/orders/transitions.ts imports ./delivery directly: runEffects sends what a change queued.)
 */
export { deliverQueuedMail, retryDueMail, retryPauseMinutes, type DeliveryResult } from "./delivery";
export { listMail, resendMail } from "./outbox";
export { assertCronCaller, runScheduledJobs } from "./cron";
