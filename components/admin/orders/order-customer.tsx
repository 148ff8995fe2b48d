import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { PostalAddress } from "@/components/ui/postal-address";
import { ShippingAddressEditor } from "./shipping-address-editor";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { DetailCard, Fact } from "./detail-card";

type Address = AdminOrderDetail["billingAddress"];

function AddressBlock({ title, address, locale, testId }: { title: string; address: Address; locale: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="text-xs font-medium text-stone-500">{title}</h3>
      <PostalAddress address={address} locale={locale} />
    </div>
  );
}

export async function OrderCustomer({ order }: { order: AdminOrderDetail }) {
  const [t, locale] = await Promise.all([getTranslations("adminOrders.customer"), getLocale()]);
  const same = JSON.stringify(order.shippingAddress) === JSON.stringify(order.billingAddress);
  return (
    <DetailCard title={t("title")} testId="order-customer">
      <dl>
        <Fact term={t("name")}>
          {order.firstName} {order.lastName}
        </Fact>
        <Fact term={t("email")}>
          <a href={`mailto:${order.email}`} className="break-all text-brand-700 hover:underline">
            {order.email}
          </a>
        </Fact>
        {order.phone && (
          <Fact term={t("phone")}>
            <a href={`tel:${order.phone.replace(/[^+0-9]/g, "")}`} className="hover:underline">
              {order.phone}
            </a>
          </Fact>
        )}
        <Fact term={t("account")}>
          {order.customerErasedAt ? (
            <span className="font-medium text-amber-800" data-testid="order-customer-erased">
              {t("accountErased")}
            </span>
          ) : order.userId === null ? (
            t("noAccount")
          ) : (
            <Link href={`/admin/customers/${order.userId}`} className="text-brand-700 hover:underline" data-testid="order-customer-link">
              {t("accountId", { id: order.userId })}
            </Link>
          )}
        </Fact>
        <Fact term={t("language")}>{t(`locale.${order.locale}`)}</Fact>
      </dl>
      <div className="mt-3 grid gap-3 border-t border-stone-100 pt-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {order.shippingAddress ? (
          <div>
            <AddressBlock title={t("shippingAddress")} address={order.shippingAddress} locale={locale} testId="order-shipping-address" />
            {(order.status === "pending" || order.status === "processing") && (
              <ShippingAddressEditor orderId={order.id} address={order.shippingAddress} />
            )}
          </div>
        ) : (
          <div data-testid="order-shipping-address">
            <h3 className="text-xs font-medium text-stone-500">{t("shippingAddress")}</h3>
            <p>{t("shippingAddressErased")}</p>
          </div>
        )}
        {same ? (
          <div data-testid="order-billing-address">
            <h3 className="text-xs font-medium text-stone-500">{t("billingAddress")}</h3>
            <p>{t("sameAsShipping")}</p>
          </div>
        ) : (
          <AddressBlock title={t("billingAddress")} address={order.billingAddress} locale={locale} testId="order-billing-address" />
        )}
      </div>
    </DetailCard>
  );
}
