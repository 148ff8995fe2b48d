"use client";

import { useLocale, useTranslations } from "next-intl";
import type { OrderDto } from "@/lib/schemas/orders";
import { Totals } from "@/components/shop/cart/totals";
import { PostalAddress } from "@/components/ui/postal-address";
import { useEuro } from "@/components/shop/cart/use-euro";
import { colourLocale, lineColour } from "@/lib/domain/colour-name";
import { thumbnailUrl } from "@/lib/thumbnail-url";

type Address = OrderDto["shippingAddress"];

export function AddressBlock({ title, address, testId }: { title: string; address: Address; testId?: string }) {
  const locale = useLocale();
  return (
    <div data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold text-stone-700">{title}</h3>
      <PostalAddress address={address} locale={locale} className="text-sm text-stone-700 not-italic" />
    </div>
  );
}

export function OrderItems({ order }: { order: OrderDto }) {
  const t = useTranslations("orders");
  const euro = useEuro();
  const locale = colourLocale(useLocale());
  return (
    <ul className="divide-y divide-stone-200" data-testid="order-items">
      {order.items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 py-2 text-sm" data-testid="order-item">
          {item.imageUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- private design previews come from our own API
            <img
              src={thumbnailUrl(item.mockups.front ?? item.imageUrl, 96)}
              data-mockup={item.mockups.front !== null}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="h-12 w-12 rounded border border-stone-200 object-cover"
            />
          )}
          <div className="min-w-0 flex-1">
            <p className="font-medium">{item.articleName}</p>
            {lineColour(item, locale) && <p className="text-stone-600">{t("colour", { name: lineColour(item, locale) ?? "" })}</p>}
          </div>
          <span className="text-stone-700">{t("quantityPrice", { quantity: item.quantity, price: euro(item.unitPriceCents) })}</span>
          <span className="w-20 text-right font-medium">{euro(item.totalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

export function OrderDetails({ order }: { order: OrderDto }) {
  const t = useTranslations("orders");
  return (
    <div className="space-y-6">
      <OrderItems order={order} />
      <Totals values={order} testId="order-totals" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AddressBlock title={t("shippingAddress")} address={order.shippingAddress} testId="shipping-address" />
        <AddressBlock title={t("billingAddress")} address={order.billingAddress} testId="billing-address" />
      </div>
    </div>
  );
}
