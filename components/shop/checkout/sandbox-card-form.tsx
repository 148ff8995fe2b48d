"use client";

import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from "react";
import { useTranslations } from "next-intl";
import { ordersApi } from "@/lib/api-client/orders";
import { HttpError } from "@/lib/api-client/fetcher";
import { TextField } from "@/components/ui/form-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  CARD_NUMBER_MAX_LENGTH,
  CVC_MAX_DIGITS,
  EXPIRY_MAX_LENGTH,
  cardBody,
  cardErrors,
  cleanCvc,
  cleanExpiryInput,
  editCardNumber,
  formatExpiry,
  type CardField,
  type CardValues,
} from "./card-input";
import { resultOf, type PaymentMethod } from "./payment-method";

export const TEST_CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  authentication: "4000 0027 6000 3184",
} as const;

type Shown = Partial<Record<CardField, string>>;

function serverErrors(fieldErrors: Record<string, string>): Shown {
  const shown: Shown = {};
  if (fieldErrors.cardNumber) shown.cardNumber = fieldErrors.cardNumber;
  const expiry = fieldErrors.expMonth ?? fieldErrors.expYear;
  if (expiry) shown.expiry = expiry;
  if (fieldErrors.cvc) shown.cvc = fieldErrors.cvc;
  return shown;
}

export function SandboxCardForm({ onMethod, disabled }: { onMethod: (method: PaymentMethod | null) => void; disabled?: boolean }) {
  const t = useTranslations("payment");
  const tAll = useTranslations();
  const [card, setCard] = useState<CardValues>({ number: "", expiry: "", cvc: "" });
  const [shown, setShown] = useState<Shown>({});
  const [authenticating, setAuthenticating] = useState(false);
  const answerRef = useRef<((approve: boolean) => void) | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);
  const latest = useRef({ card });
  useEffect(() => {
    latest.current = { card };
  });

  // The regrouped number keeps the caret on the digit it was on.
  useLayoutEffect(() => {
    const input = numberRef.current;
    const caret = caretRef.current;
    caretRef.current = null;
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
  }, [card.number]);

  useEffect(() => {
    const checked = () => {
      const { card: c } = latest.current;
      const faults = cardErrors(c);
      setShown(faults);
      return Object.keys(faults).length === 0 ? cardBody(c) : null;
    };
    const ask = () =>
      new Promise<boolean>((resolve) => {
        answerRef.current = resolve;
        setAuthenticating(true);
      });
    const method: PaymentMethod = {
      prepare: async () => (checked() ? "ok" : "invalid"),
      pay: async (orderId, payment, onNeedsAction) => {
        let current = payment;
        if (current.status === "requires_payment") {
          const body = checked();
          if (!body) return { kind: "invalid", message: null };
          try {
            current = await ordersApi.confirmSandbox(orderId, body);
          } catch (err) {
            if (!(err instanceof HttpError && err.fieldErrors)) throw err;
            setShown(serverErrors(err.fieldErrors));
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

  /** A changed field: its shown fault goes once the value is right; a new fault waits for blur. */
  const change = (field: CardField, next: CardValues) => {
    setCard(next);
    setShown((prev) => {
      if (!prev[field] || cardErrors(next)[field]) return prev;
      const { [field]: _fixed, ...rest } = prev;
      return rest;
    });
  };
  /** Leaving a field shows its fault; an empty field waits for paying (like Stripe's form). */
  const blur = (field: CardField, next: CardValues = card) => {
    const empty = (field === "cardNumber" ? next.number : next[field]).trim() === "";
    const fault = empty ? undefined : cardErrors(next)[field];
    setShown((prev) => {
      if (fault) return { ...prev, [field]: fault };
      const { [field]: _fixed, ...rest } = prev;
      return rest;
    });
  };

  const onNumber = (ev: ChangeEvent<HTMLInputElement>) => {
    numberRef.current = ev.target;
    const inputType = (ev.nativeEvent as InputEvent).inputType;
    const edit = editCardNumber(card.number, ev.target.value, ev.target.selectionStart ?? ev.target.value.length, inputType);
    caretRef.current = edit.caret;
    change("cardNumber", { ...card, number: edit.value });
  };
  const onExpiryBlur = () => {
    const next = { ...card, expiry: formatExpiry(card.expiry) };
    if (next.expiry !== card.expiry) setCard(next);
    blur("expiry", next);
  };
  const message = (field: CardField) => {
    const text = shown[field];
    return text?.startsWith("validation.") ? tAll(text as Parameters<typeof tAll>[0]) : text;
  };

  const answer = (approve: boolean) => {
    setAuthenticating(false);
    answerRef.current?.(approve);
    answerRef.current = null;
  };

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
        type="text"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={TEST_CARDS.success}
        required
        maxLength={CARD_NUMBER_MAX_LENGTH}
        value={card.number}
        error={message("cardNumber")}
        disabled={disabled}
        onChange={onNumber}
        onBlur={() => blur("cardNumber")}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t("cardExpiry")}
          name="cardExpiry"
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t("cardExpiryPlaceholder")}
          required
          maxLength={EXPIRY_MAX_LENGTH}
          value={card.expiry}
          error={message("expiry")}
          disabled={disabled}
          onChange={(ev) => change("expiry", { ...card, expiry: cleanExpiryInput(ev.target.value) })}
          onBlur={onExpiryBlur}
        />
        <TextField
          label={t("cardCvc")}
          name="cardCvc"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          maxLength={CVC_MAX_DIGITS}
          value={card.cvc}
          error={message("cvc")}
          disabled={disabled}
          onChange={(ev) => change("cvc", { ...card, cvc: cleanCvc(ev.target.value) })}
          onBlur={() => blur("cvc")}
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
