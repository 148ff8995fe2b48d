import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listAdminOrders } from "@/lib/services/orders/admin-queries";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { redirectPastLastPage } from "@/components/ui/list/list-query";
import { HISTORY_FILTERS, readOrdersQuery } from "@/components/admin/orders/list-query";
import { OrdersListView } from "@/components/admin/orders/orders-list-view";
import { ORDER_HISTORY_PATH } from "@/components/admin/orders/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminOrders"))("historyTitle") };
}

export default async function OrderHistoryPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, locale] = await Promise.all([searchParams, getLocale()]);
  const query = readOrdersQuery(params, { allowed: HISTORY_FILTERS });
  const result = await listAdminOrders(query, shopLocale(locale));
  redirectPastLastPage(ORDER_HISTORY_PATH, params, result);
  return <OrdersListView kind="history" query={query} result={result} searchParams={params} />;
}
