import "server-only";
import type { PaymentFailureReason } from "@/lib/integrations/payments/types";

export const FAILURE_MESSAGE_KEYS: Record<PaymentFailureReason, `payment.${string}`> = {
  declined: "payment.declined",
  expired_card: "payment.expiredCard",
  incorrect_cvc: "payment.incorrectCvc",
  insufficient_funds: "payment.insufficientFunds",
  authentication_failed: "payment.authenticationFailed",
  processing_error: "payment.processingError",
  unknown: "payment.unknownError",
};
