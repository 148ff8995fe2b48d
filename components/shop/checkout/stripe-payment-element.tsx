"use client";

import { useEffect, useRef, useState } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useLocale, useTranslations } from "next-intl";
import type { PaymentMethod, PaymentResult } from "./payment-method";

// One Stripe.js instance per publishable key; loaded on demand from the checkout only, so Stripe.js reaches no other page.
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey);
    instances.set(publishableKey, instance);
  }
  return instance;
}

type Props = {
  publishableKey: string;
  amountCents: number;
  onMethod: (method: PaymentMethod | null) => void;
  onLoadError: () => void;
};

export function StripePaymentElement(props: Props) {
  const locale = useLocale();
  const [stripe] = useState(() => stripeFor(props.publishableKey));
  return (
    <Elements
      stripe={stripe}
      options={{ mode: "payment", amount: Math.max(props.amountCents, 1), currency: "eur", locale, appearance: { theme: "stripe" } }}
    >
      <PaymentForm onMethod={props.onMethod} onLoadError={props.onLoadError} />
    </Elements>
  );
}

function PaymentForm({ onMethod, onLoadError }: Pick<Props, "onMethod" | "onLoadError">) {
  const t = useTranslations("payment");
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const latest = useRef({ t });
  useEffect(() => {
    latest.current = { t };
  });

  useEffect(() => {
    if (!stripe || !elements || !ready) {
      onMethod(null);
      return;
    }
    const method: PaymentMethod = {
      prepare: async () => {
        const { error } = await elements.submit();
        return error ? "invalid" : "ok";
      },
      pay: async (orderId, payment): Promise<PaymentResult> => {
        if (payment.status === "succeeded") return { kind: "succeeded" };
        if (!payment.clientSecret) return { kind: "error", message: latest.current.t("couldNotPrepare") };
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret: payment.clientSecret,
          confirmParams: { return_url: `${window.location.origin}/order-success/${encodeURIComponent(orderId)}` },
          redirect: "if_required",
        });
        if (error) {
          if (error.type === "card_error") return { kind: "failed", reason: error.message ?? null };
          if (error.type === "validation_error") return { kind: "invalid", message: error.message ?? null };
          return { kind: "error", message: error.message ?? null };
        }
        switch (paymentIntent.status) {
          case "succeeded":
            return { kind: "succeeded" };
          case "processing":
          case "requires_capture":
            return { kind: "processing" };
          case "requires_action":
            return { kind: "needsAction" };
          default:
            return { kind: "failed", reason: paymentIntent.last_payment_error?.message ?? null };
        }
      },
    };
    onMethod(method);
    return () => onMethod(null);
  }, [stripe, elements, ready, onMethod]);

  return (
    <div data-testid="stripe-payment-element">
      <PaymentElement onReady={() => setReady(true)} onLoadError={onLoadError} />
      {!ready && (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-stone-600">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-stone-200 border-t-brand-600" aria-hidden />
          {t("formLoading")}
        </p>
      )}
    </div>
  );
}
