"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRefreshedCart } from "@/components/shop/cart/use-refreshed-cart";
import { CheckoutForm, type CheckoutUser } from "./checkout-form";
import { DiscountCodeForm } from "@/components/shop/cart/discount-code-form";
import { CheckoutSummary } from "./checkout-summary";
import { Spinner } from "./payment-status";
import { EmptyState } from "@/components/ui/query-state";
import { DEFAULT_COUNTRY } from "./address-fields";
import { useDestinationSummary } from "./use-destination-summary";

export function CheckoutView({ user, serverRendered = false }: { user: CheckoutUser | null; serverRendered?: boolean }) {
  const t = useTranslations("checkout");
  const tc = useTranslations("cart");
  const { cart } = useRefreshedCart(serverRendered);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const priced = useDestinationSummary(cart, country);

  if (cart.isPending) return <Spinner label={tc("loading")} />;
  if (cart.isError) {
    return (
      <div className="card space-y-3" role="alert">
        <p className="text-stone-700">{tc("loadFailed")}</p>
        <button type="button" className="btn-secondary" onClick={() => void cart.refetch()}>
          {tc("retry")}
        </button>
      </div>
    );
  }
  if (cart.data.items.length === 0) {
    return (
      <EmptyState message={t("emptyCart")} testId="checkout-empty">
        <div className="flex justify-center gap-2">
          <Link href="/cart" className="btn-secondary">
            {t("backToCart")}
          </Link>
          <Link href="/" className="btn-primary">
            {tc("emptyAction")}
          </Link>
        </div>
      </EmptyState>
    );
  }

  const summary = priced?.summary ?? cart.data.summary;
  // Line prices as the server charges them at the destination: an export pays the net price.
  const charged = new Map(summary.lines.map((l) => [l.id, l.lineTotalCents]));
  const lines = cart.data.items.map((item) => ({
    key: item.id,
    imageUrl: item.mockups.front ?? item.image.url,
    name: item.mug.name,
    detail: item.variant.name,
    quantity: item.quantity,
    totalCents: charged.get(item.id) ?? item.lineTotalCents,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <CheckoutForm cart={{ ...cart.data, summary }} user={user} onShipTo={setCountry} />
      <CheckoutSummary
        lines={lines}
        totals={{ ...summary, discountCode: summary.discount?.code }}
        discount={<DiscountCodeForm summary={summary} collapsed />}
      >
        <p role="status" className="text-sm text-stone-600" data-testid="checkout-shipping-status">
          {priced?.problem ?? (priced?.updating ? t("shippingUpdating") : "")}
        </p>
        <Link href="/cart" className="text-sm text-brand-700 underline">
          {t("editCart")}
        </Link>
      </CheckoutSummary>
    </div>
  );
}
