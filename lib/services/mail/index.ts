import "server-only";
export { deliverQueuedMail, retryDueMail, retryPauseMinutes, type DeliveryResult } from "./delivery";
export { listMail, resendMail } from "./outbox";
