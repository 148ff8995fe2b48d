import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";
import { CheckoutView } from "@/components/shop/checkout/checkout-view";
import { RetryPayment } from "@/components/shop/checkout/retry-payment";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("checkout"))("title") };
}

/** An order id as it may appear in ?orderId= (anything else is ignored). */
function orderIdParam(value: string | string[] | undefined): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

// /checkout – contact, addresses and card payment for the cart; /checkout?orderId=… pays an unpaid order again
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<{ orderId?: string | string[] }> }) {
  const session = await requireRoles(["customer", "guest", "admin"]);
  const [t, { orderId }] = await Promise.all([getTranslations("checkout"), searchParams]);
  const retryId = orderIdParam(orderId);
  const { email, firstName, lastName, phone } = session.user;
  return (
    <AccountPage title={retryId ? t("retryTitle") : t("title")}>
      {retryId ? <RetryPayment orderId={retryId} /> : <CheckoutView user={{ email, firstName, lastName, phone }} />}
    </AccountPage>
  );
}
