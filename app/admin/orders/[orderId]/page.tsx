import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { ApiError } from "@/lib/errors";
import { shopLocale } from "@/lib/i18n/config";
import { orderParams } from "@/lib/schemas/orders";
import { getAdminOrder } from "@/lib/services/orders/admin-queries";
import { OrderDetailView } from "@/components/admin/orders/order-detail-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminOrders"))("detailMetaTitle") };
}

export default async function AdminOrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  await requireBackOffice("orders");
  const parsed = orderParams.safeParse(await params);
  if (!parsed.success) notFound();
  const locale = await getLocale();
  const order = await getAdminOrder(parsed.data.orderId, shopLocale(locale)).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  if (!order) notFound();
  return <OrderDetailView order={order} />;
}
