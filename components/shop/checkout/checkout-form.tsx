"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { ordersApi } from "@/lib/api-client/orders";
import { HttpError } from "@/lib/api-client/fetcher";
import { lazyModule } from "@/lib/lazy-module";
import type { CartDto } from "@/lib/schemas/cart";
import { TextField } from "@/components/ui/form-field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useFocusFirstError } from "@/components/auth/use-focus-first-error";
import { PriceChangedNotice } from "@/components/shop/cart/price-changed-notice";
import { invalidateCart } from "@/components/shop/cart/use-refreshed-cart";
import { AddressFields, emptyAddress, type AddressValues } from "./address-fields";
import { cartFingerprint, checkoutIdempotencyKey } from "./idempotency-key";
import { PaymentPanel } from "./payment-panel";
import { PaymentStatus } from "./payment-status";
import { PlaceOrderButton, WithdrawalWaiver } from "./place-order-box";
import { usePaymentFlow } from "./use-payment-flow";

export interface CheckoutUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

export const isPersonalised = (item: CartDto["items"][number]): boolean => item.image != null;

const checkoutRules = lazyModule(() => import("./checkout-rules"));

/** `cart.summary` is priced for the chosen shipping country, which `onShipTo` reports as it changes. */
export function CheckoutForm({ cart, user, onShipTo }: { cart: CartDto; user: CheckoutUser | null; onShipTo?: (country: string) => void }) {
  const t = useTranslations("checkout");
  const queryClient = useQueryClient();
  const fields = useFieldErrors();
  const flow = usePaymentFlow({ newCheckout: true });
  const [pricesChanged, setPricesChanged] = useState(false);
  const [contact, setContact] = useState({
    email: user?.email ?? "",
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
    phone: user?.phone ?? "",
  });
  const [shipping, setShipping] = useState<AddressValues>(() => emptyAddress(user?.firstName ?? "", user?.lastName ?? ""));
  const [billing, setBilling] = useState<AddressValues>(() => emptyAddress());
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [waiver, setWaiver] = useState(false);
  const personalised = cart.items.some(isPersonalised);
  const e = fields.errors;

  /** Focus goes to the first faulty field once React has rendered the errors (they are set after an await). */
  const { ref: formRef, request: focusFault } = useFocusFirstError<HTMLFormElement>();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const body = await fields.validateLazy(checkoutRules, (rules) => rules.checkoutFormSchema(personalised), {
      contact,
      shippingAddress: shipping,
      billingAddress: sameAsShipping ? null : billing,
      // Sent only for personalised carts: the server records when the customer confirmed it.
      ...(personalised ? { acceptWithdrawalWaiver: waiver } : {}),
    });
    if (!body) {
      // The card's faults show at the same time, so one attempt lists everything to correct.
      flow.check();
      return focusFault();
    }
    await flow.pay(async () => {
      try {
        const placed = await ordersApi.place({ ...body, idempotencyKey: checkoutIdempotencyKey(cartFingerprint(cart)) });
        setPricesChanged(false);
        return { orderId: placed.order.id, payment: placed.payment };
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) {
          // Catalogue prices changed since the cart was filled: show the new prices, the user confirms again.
          setPricesChanged(true);
          await invalidateCart(queryClient);
          return null;
        }
        if (err instanceof HttpError && err.fieldErrors && (err.status === 400 || err.status === 422)) {
          fields.fromServer(err);
          return null;
        }
        throw err;
      }
    });
    // Refused card details, or fields the server refused: the first faulty one gets focus (none → nothing happens).
    focusFault();
  }

  const busy = flow.busy;
  const hasErrors = Object.keys(e).length > 0;
  // Server errors for fields this form does not show (e.g. "_") are listed with the summary line.
  const otherErrors = Object.entries(e).filter(
    ([key]) => !/^((contact|shippingAddress|billingAddress)\.|acceptWithdrawalWaiver$)/.test(key),
  );
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(ev) => void onSubmit(ev)}
      onFocus={checkoutRules.preload}
      className="space-y-6"
      data-testid="checkout-form"
      aria-busy={busy}
    >
      {(cart.summary.hasPriceChanges || pricesChanged) && (
        <PriceChangedNotice>{pricesChanged && <p className="mt-2 font-medium">{t("pricesConfirmAgain")}</p>}</PriceChangedNotice>
      )}
      <fieldset className="card space-y-4" data-testid="contact" disabled={busy}>
        <legend className="float-left mb-2 w-full text-lg font-semibold">{t("contactTitle")}</legend>
        <div className="clear-both">
          <TextField
            label={t("email")}
            type="email"
            name="contact.email"
            autoComplete="email"
            required
            value={contact.email}
            error={e["contact.email"]}
            onChange={(ev) => setContact({ ...contact, email: ev.target.value })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("firstName")}
            name="contact.firstName"
            autoComplete="given-name"
            required
            value={contact.firstName}
            error={e["contact.firstName"]}
            onChange={(ev) => setContact({ ...contact, firstName: ev.target.value })}
          />
          <TextField
            label={t("lastName")}
            name="contact.lastName"
            autoComplete="family-name"
            required
            value={contact.lastName}
            error={e["contact.lastName"]}
            onChange={(ev) => setContact({ ...contact, lastName: ev.target.value })}
          />
        </div>
        <TextField
          label={t("phone")}
          type="tel"
          name="contact.phone"
          autoComplete="tel"
          value={contact.phone}
          error={e["contact.phone"]}
          onChange={(ev) => setContact({ ...contact, phone: ev.target.value })}
        />
      </fieldset>

      <AddressFields
        section="shipping"
        legend={t("shippingTitle")}
        value={shipping}
        errors={e}
        disabled={busy}
        onChange={(p) => {
          setShipping({ ...shipping, ...p });
          if (p.countryCode !== undefined) onShipTo?.(p.countryCode);
        }}
      />

      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="check"
          checked={sameAsShipping}
          disabled={busy}
          onChange={(ev) => setSameAsShipping(ev.target.checked)}
        />
        {t("sameAsShipping")}
      </label>
      {!sameAsShipping && (
        <AddressFields
          section="billing"
          legend={t("billingTitle")}
          value={billing}
          errors={e}
          disabled={busy}
          onChange={(p) => setBilling({ ...billing, ...p })}
        />
      )}

      {cart.summary.taxTreatment === "export" && (
        // Before payment: the customer must know the price is net and the border may charge more.
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="checkout-export-notice"
        >
          {t("exportNotice")}
        </p>
      )}

      <PaymentPanel amountCents={cart.summary.totalCents} disabled={busy} onMethod={flow.onMethod} onUnavailable={flow.fail} />

      <div className="space-y-3">
        {hasErrors && (
          <p role="alert" className="text-sm text-red-700" data-testid="checkout-errors">
            {t("fixErrors")}
            {otherErrors.map(([key, message]) => (
              <span key={key} className="block">
                {key === "_" ? message : `${key}: ${message}`}
              </span>
            ))}
          </p>
        )}
        {personalised && <WithdrawalWaiver checked={waiver} error={e.acceptWithdrawalWaiver} disabled={busy} onChange={setWaiver} />}
        <PaymentStatus phase={flow.phase} />
        <PlaceOrderButton totalCents={cart.summary.totalCents} busy={busy} />
      </div>
    </form>
  );
}
