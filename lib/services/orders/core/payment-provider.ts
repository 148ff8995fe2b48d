import "server-only";
import type { Payment } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getPaymentProvider, PaymentProviderError, type PaymentProvider } from "@/lib/integrations/payments";
import { createSandboxProvider } from "@/lib/integrations/payments/sandbox";

export const paymentIdempotencyKey = (orderId: string, attempt: number) => `order:${orderId}:attempt:${attempt}`;

const sandbox = createSandboxProvider();

export function providerForPayment(payment: Pick<Payment, "provider">): PaymentProvider {
  if (payment.provider === "sandbox") return sandbox;
  const configured = getPaymentProvider();
  if (configured.name !== "stripe") throw new ApiError(503, "errors.paymentProviderUnavailable");
  return configured;
}

export async function providerCall<T>(
  fn: () => Promise<T>,
  key: "errors.paymentPreparationFailed" | "errors.paymentProviderFailed",
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      logger.error("payment provider call failed", { err });
      throw new ApiError(502, key);
    }
    throw err;
  }
}
