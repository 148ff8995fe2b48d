import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/errors";
import { clientIp } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { getGuestOrder } from "@/lib/services/orders/guest-link";
import { GuestOrderView } from "@/components/shop/order-status/guest-order-view";
import { LinkInvalid } from "@/components/shop/order-status/link-invalid";

export async function generateMetadata(): Promise<Metadata> {
  // The token in the address is a key to the order: never sent on as a referrer, never indexed.
  return { title: (await getTranslations("orderStatus"))("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

type Props = { params: Promise<{ token: string }> };

async function orderOfLink(token: string): Promise<GuestOrderDto | "invalid" | "tooMany"> {
  const forwarded = (await headers()).get("x-forwarded-for");
  const ip = clientIp(
    new Request("http://localhost/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} }),
    env().TRUSTED_PROXY_COUNT,
  );
  try {
    return await getGuestOrder(token, ip, await getLocale());
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return "invalid";
    if (err instanceof ApiError && err.status === 429) return "tooMany";
    throw err;
  }
}

export default async function OrderStatusPage({ params }: Props) {
  const { token } = await params;
  const order = token.length <= 200 ? await orderOfLink(token) : "invalid";
  if (order === "invalid") notFound();
  if (order === "tooMany") return <LinkInvalid reason={order} />;
  return <GuestOrderView token={token} initial={order} />;
}
