import "server-only";
export { deliverQueuedMail, retryDueMail, retryPauseMinutes, type DeliveryResult, type MailOutcome, type OnMailSettled } from "./delivery";
export { listMail, mailContent, resendMail } from "./outbox";
