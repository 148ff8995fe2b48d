"use client";

import { useCallback, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { orderQueries } from "@/lib/api-client/orders";
import type { PaymentDto } from "@/lib/schemas/orders";
import { invalidateCart } from "@/components/shop/cart/use-refreshed-cart";
import { endCheckout } from "./idempotency-key";
import type { PaymentMethod, PaymentPhase } from "./payment-method";

/** What placing the order (or preparing a retry) yields; null when it was refused and the form shows why. */
export type Obtain = () => Promise<{ orderId: string; payment: PaymentDto } | null>;

export function usePaymentFlow({ newCheckout }: { newCheckout: boolean }) {
  const t = useTranslations("payment");
  const router = useRouter();
  const queryClient = useQueryClient();
  const methodRef = useRef<PaymentMethod | null>(null);
  const runningRef = useRef(false);
  const [phase, setPhase] = useState<PaymentPhase>({ phase: "idle" });
  const [busy, setBusy] = useState(false);

  const onMethod = useCallback((method: PaymentMethod | null) => {
    methodRef.current = method;
  }, []);
  const fail = useCallback((message: string) => setPhase({ phase: "failed", message }), []);
  /** Lets the payment form show its faults too (e.g. when the addresses are refused first), without paying. */
  const check = useCallback(() => void methodRef.current?.prepare().catch(() => undefined), []);

  const finished = (orderId: string) => {
    if (newCheckout) endCheckout();
    // Marked stale only: this screen is being left and must not re-render with an emptied cart.
    void invalidateCart(queryClient, true);
    void queryClient.invalidateQueries({ queryKey: orderQueries.list().queryKey, refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: orderQueries.detail(orderId).queryKey, refetchType: "none" });
  };

  async function pay(obtain: Obtain): Promise<void> {
    if (runningRef.current) return;
    runningRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const method = methodRef.current;
      const check = method ? await method.prepare() : "notReady";
      if (!method || check === "notReady") return setPhase({ phase: "notReady" });
      if (check === "invalid") return setPhase({ phase: "idle" });

      setPhase({ phase: "preparing" });
      let placed: Awaited<ReturnType<Obtain>>;
      try {
        placed = await obtain();
      } catch (err) {
        return fail(withReason(t("couldNotPrepare"), err));
      }
      if (!placed) return setPhase({ phase: "idle" });

      const { orderId, payment } = placed;
      setPhase({ phase: "processing" });
      let result: Awaited<ReturnType<PaymentMethod["pay"]>>;
      try {
        result = await method.pay(orderId, payment, () => setPhase({ phase: "needsAction" }));
      } catch (err) {
        return fail(withReason(t("unknownError"), err));
      }
      switch (result.kind) {
        case "succeeded":
        case "processing":
          leaving = true;
          setPhase({ phase: "succeeded" });
          toast.success(t("orderPlaced"));
          router.push(`/order-success/${encodeURIComponent(orderId)}`);
          finished(orderId);
          return;
        case "failed":
          leaving = true;
          router.push(`/payment-failure?orderId=${encodeURIComponent(orderId)}`);
          finished(orderId);
          return;
        case "needsAction":
          return setPhase({ phase: "needsAction" });
        case "invalid":
          return result.message ? fail(result.message) : setPhase({ phase: "idle" });
        case "error":
          return fail(result.message ? `${t("unknownError")} ${result.message}` : t("unknownError"));
      }
    } finally {
      // While the next page loads the button stays disabled: no second order, no second charge.
      if (!leaving) {
        runningRef.current = false;
        setBusy(false);
      }
    }
  }

  return { phase, busy, onMethod, pay, fail, check };
}

function withReason(message: string, err: unknown): string {
  return err instanceof Error && err.message ? `${message} ${err.message}` : message;
}
