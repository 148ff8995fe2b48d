import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import type { PaymentConfigDto } from "@/lib/schemas/orders";
import { createSandboxProvider } from "./sandbox";
import { createStripeProvider, isStripeTestKey } from "./stripe";
import type { PaymentProvider, PaymentProviderName } from "./types";

export type { PaymentProvider, PaymentProviderName } from "./types";
export { PaymentProviderError } from "./types";

type Cached = { signature: string; provider: PaymentProvider };
const holder = ((globalThis as { __shopPayments?: { cached?: Cached } }).__shopPayments ??= {});

/** So a live shop without Stripe keys never takes test cards. */
export function sandboxAllowed(): boolean {
  const e = env();
  return e.NODE_ENV !== "production" || e.PAYMENTS_SANDBOX === true;
}

export function getPaymentProvider(): PaymentProvider {
  const e = env();
  if (!e.STRIPE_SECRET_KEY && !sandboxAllowed()) throw new ApiError(503, "errors.paymentKeyMissing");
  const signature = JSON.stringify([e.STRIPE_SECRET_KEY ?? null, e.STRIPE_API_HOST, e.STRIPE_API_PORT, e.STRIPE_API_PROTOCOL]);
  if (holder.cached?.signature === signature) return holder.cached.provider;
  const provider = e.STRIPE_SECRET_KEY
    ? createStripeProvider({
        secretKey: e.STRIPE_SECRET_KEY,
        host: e.STRIPE_API_HOST,
        port: e.STRIPE_API_PORT,
        protocol: e.STRIPE_API_PROTOCOL,
      })
    : createSandboxProvider();
  holder.cached = { signature, provider };
  return provider;
}

export function paymentProviderFor(name: PaymentProviderName): PaymentProvider {
  const provider = getPaymentProvider();
  if (provider.name !== name) throw new ApiError(503, "errors.paymentProviderUnavailable");
  return provider;
}

export function paymentConfig(): PaymentConfigDto {
  const e = env();
  if (!e.STRIPE_SECRET_KEY) {
    if (!sandboxAllowed()) throw new ApiError(503, "errors.paymentKeyMissing");
    return { provider: "sandbox", testMode: true, publishableKey: null };
  }
  if (!e.STRIPE_PUBLISHABLE_KEY) throw new ApiError(503, "errors.paymentKeyMissing");
  return { provider: "stripe", testMode: isStripeTestKey(e.STRIPE_SECRET_KEY), publishableKey: e.STRIPE_PUBLISHABLE_KEY };
}

export function stripeWebhookSecret(): string | null {
  return env().STRIPE_WEBHOOK_SECRET ?? null;
}
