"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ordersApi } from "@/lib/api-client/orders";
import { HttpError } from "@/lib/api-client/fetcher";
import { sandboxCardBody } from "@/lib/schemas/orders";
import { TextField } from "@/components/ui/form-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { resultOf, type PaymentMethod } from "./payment-method";

export const TEST_CARDS = { success: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", authentication: "4000 0027 6000 3184" } as const;

/** "MM/YY" (or MM/YYYY) → month and four-digit year; NaN when it is not a date in that shape. */
function parseExpiry(raw: string): { expMonth: number; expYear: number } {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m?.[1] || !m[2]) return { expMonth: Number.NaN, expYear: Number.NaN };
  const year = Number(m[2]);
  return { expMonth: Number(m[1]), expYear: year < 100 ? 2000 + year : year };
}

/** The card body, with an expiry in the past refused like a malformed one. */
const cardSchema = sandboxCardBody.refine(
  (c) => {
    const now = new Date();
    return c.expYear > now.getFullYear() || (c.expYear === now.getFullYear() && c.expMonth >= now.getMonth() + 1);
  },
  { path: ["expMonth"], error: "validation.cardExpiryInvalid" },
);

/**
 * The sandbox provider's card form (test mode, nothing stored): Stripe's test-card behaviour, and the
 * "extra step" of 3-D Secure cards as an Approve/Reject dialog.
 */
export function SandboxCardForm({ onMethod, disabled }: { onMethod: (method: PaymentMethod | null) => void; disabled?: boolean }) {
  const t = useTranslations("payment");
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const fields = useFieldErrors();
  const [authenticating, setAuthenticating] = useState(false);
  const answerRef = useRef<((approve: boolean) => void) | null>(null);
  const latest = useRef({ card, fields });
  useEffect(() => {
    latest.current = { card, fields };
  });

  useEffect(() => {
    const input = () => {
      const { card: c } = latest.current;
      return { cardNumber: c.number, cvc: c.cvc.trim(), ...parseExpiry(c.expiry) };
    };
    const ask = () =>
      new Promise<boolean>((resolve) => {
        answerRef.current = resolve;
        setAuthenticating(true);
      });
    const method: PaymentMethod = {
      prepare: async () => (latest.current.fields.validate(cardSchema, input()) ? "ok" : "invalid"),
      pay: async (orderId, payment, onNeedsAction) => {
        let current = payment;
        if (current.status === "requires_payment") {
          const body = latest.current.fields.validate(cardSchema, input());
          if (!body) return { kind: "invalid", message: null };
          try {
            current = await ordersApi.confirmSandbox(orderId, body);
          } catch (err) {
            if (!(err instanceof HttpError && err.fieldErrors)) throw err;
            latest.current.fields.fromServer(err);
            return { kind: "invalid", message: err.message };
          }
        }
        if (current.status === "requires_action") {
          onNeedsAction();
          current = await ordersApi.authenticateSandbox(orderId, { approve: await ask() });
        }
        return resultOf(current);
      },
    };
    onMethod(method);
    return () => onMethod(null);
  }, [onMethod]);

  const answer = (approve: boolean) => {
    setAuthenticating(false);
    answerRef.current?.(approve);
    answerRef.current = null;
  };
  const e = fields.errors;

  return (
    <div className="space-y-4" data-testid="sandbox-card-form">
      <div className="rounded-md border border-sky-300 bg-sky-50 p-4 text-sm text-sky-900" data-testid="test-mode-notice">
        <p className="font-semibold">{t("testModeTitle")}</p>
        <p>{t("testModeUse", { card: TEST_CARDS.success })}</p>
        <p className="mt-2">{t("testCardsTitle")}</p>
        <ul className="list-inside list-disc">
          <li>{t("testCardDeclined", { card: TEST_CARDS.declined })}</li>
          <li>{t("testCardAuthentication", { card: TEST_CARDS.authentication })}</li>
        </ul>
      </div>
      <TextField
        label={t("cardNumber")}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={TEST_CARDS.success}
        required
        maxLength={23}
        value={card.number}
        error={e.cardNumber}
        disabled={disabled}
        onChange={(ev) => setCard({ ...card, number: ev.target.value })}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t("cardExpiry")}
          name="cardExpiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t("cardExpiryPlaceholder")}
          required
          maxLength={7}
          value={card.expiry}
          error={e.expMonth ?? e.expYear}
          disabled={disabled}
          onChange={(ev) => setCard({ ...card, expiry: ev.target.value })}
        />
        <TextField
          label={t("cardCvc")}
          name="cardCvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          maxLength={4}
          value={card.cvc}
          error={e.cvc}
          disabled={disabled}
          onChange={(ev) => setCard({ ...card, cvc: ev.target.value })}
        />
      </div>
      <ConfirmDialog
        open={authenticating}
        title={t("authenticateTitle")}
        confirmLabel={t("approve")}
        cancelLabel={t("reject")}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      >
        <p className="text-sm text-stone-600">{t("authenticateText")}</p>
      </ConfirmDialog>
    </div>
  );
}
