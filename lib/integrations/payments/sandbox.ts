import "server-only";
import { randomBytes } from "node:crypto";
import type {
  CreatePaymentInput,
  PaymentFailureReason,
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentSnapshot,
  ProviderPaymentState,
  ProviderPaymentStatus,
  ProviderRefund,
} from "./types";

export const SANDBOX_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  requiresAction: "4000002760003184",
} as const;

export interface SandboxCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface SandboxOutcome extends ProviderPaymentState {
  last4: string;
}

/** Bounded; the database stays the source of truth: no sandbox payment is reconciled from here. */
const states = ((globalThis as { __shopSandboxPayments?: Map<string, ProviderPaymentState> }).__shopSandboxPayments ??= new Map());
const MAX_REMEMBERED = 10_000;
const sandboxRefunds = ((globalThis as { __shopSandboxRefunds?: Map<string, ProviderRefund> }).__shopSandboxRefunds ??= new Map());

function remember(id: string, state: ProviderPaymentState): ProviderPaymentState {
  states.delete(id);
  states.set(id, state);
  if (states.size > MAX_REMEMBERED) {
    const oldest = states.keys().next();
    if (!oldest.done) states.delete(oldest.value);
  }
  return state;
}

function expired(card: SandboxCard, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

export function sandboxConfirm(providerPaymentId: string, card: SandboxCard, now = new Date()): SandboxOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, "");
  const last4 = number.slice(-4);
  let status: ProviderPaymentStatus;
  let failureReason: PaymentFailureReason | null = null;
  if (expired(card, now)) {
    status = "failed";
    failureReason = "expired_card";
  } else if (number === SANDBOX_CARDS.succeeds) {
    status = "succeeded";
  } else if (number === SANDBOX_CARDS.requiresAction) {
    status = "requires_action";
  } else {
    status = "failed";
    failureReason = "declined";
  }
  return { ...remember(providerPaymentId, { status, failureReason }), last4 };
}

export function sandboxAuthenticate(providerPaymentId: string, approve: boolean): ProviderPaymentState {
  return remember(
    providerPaymentId,
    approve ? { status: "succeeded", failureReason: null } : { status: "failed", failureReason: "authentication_failed" },
  );
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",
    testMode: true,
    async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new RangeError("amount must be positive cents");
      const id = `sbx_pi_${randomBytes(12).toString("hex")}`;
      remember(id, { status: "requires_payment", failureReason: null });
      return { providerPaymentId: id, clientSecret: null, status: "requires_payment" };
    },
    async retrieve(providerPaymentId: string): Promise<ProviderPaymentSnapshot> {
      return { ...(states.get(providerPaymentId) ?? { status: "requires_payment", failureReason: null }), clientSecret: null };
    },
    async refund(_providerPaymentId: string, idempotencyKey: string, amountCents: number): Promise<ProviderRefund> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError("refund amount must be positive cents");
      // The amount left is the database's business: the sandbox moves no money.
      const known = sandboxRefunds.get(idempotencyKey);
      if (known) return known;
      const refund: ProviderRefund = { refundId: `sbx_re_${randomBytes(12).toString("hex")}`, status: "succeeded", amountCents };
      sandboxRefunds.set(idempotencyKey, refund);
      if (sandboxRefunds.size > MAX_REMEMBERED) {
        const oldest = sandboxRefunds.keys().next();
        if (!oldest.done) sandboxRefunds.delete(oldest.value);
      }
      return refund;
    },
    async cancel(providerPaymentId: string): Promise<void> {
      remember(providerPaymentId, { status: "cancelled", failureReason: null });
    },
  };
}
