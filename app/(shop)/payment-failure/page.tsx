import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/errors";
import { getServerSession } from "@/lib/auth/session";
import { orderParams, type OrderDto } from "@/lib/schemas/orders";
import { loadSeller } from "@/lib/services/seller-settings";
import { getOrderForUser } from "@/lib/services/orders";
import { PaymentFailure } from "@/components/shop/orders/payment-failure";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment"))("failureTitle") };
}

/** Null unless the order belongs to the caller. */
async function ownOrder(orderId: string | string[] | undefined): Promise<OrderDto | null> {
  const parsed = orderParams.safeParse({ orderId });
  const session = parsed.success ? await getServerSession() : null;
  if (!parsed.success || !session) return null;
  try {
    return await getOrderForUser(session, parsed.data.orderId, await getLocale());
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export default async function PaymentFailurePage({ searchParams }: { searchParams: Promise<{ orderId?: string | string[] }> }) {
  const order = await ownOrder((await searchParams).orderId);
  const { email } = await loadSeller();
  return <PaymentFailure order={order} supportEmail={email.missing ? null : email.value} />;
}
