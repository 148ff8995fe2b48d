import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { OrderSuccess } from "@/components/shop/orders/order-success";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("orders"))("successTitle") };
}

type Props = { params: Promise<{ orderId: string }>; searchParams: Promise<{ redirect_status?: string | string[] }> };

export default async function OrderSuccessPage({ params, searchParams }: Props) {
  await requireRoles(["customer", "guest", "admin"]);
  const [{ orderId }, query] = await Promise.all([params, searchParams]);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(orderId)) notFound();
  const redirectStatus = typeof query.redirect_status === "string" ? query.redirect_status : null;
  return <OrderSuccess orderId={orderId} redirectStatus={redirectStatus} />;
}
