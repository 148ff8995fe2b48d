import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { isOwner } from "@/lib/domain/permissions";
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
  const session = await requireBackOffice("orders");
  const [params, locale] = await Promise.all([searchParams, getLocale()]);
  const query = readOrdersQuery(params, { allowed: HISTORY_FILTERS });
  const result = await listAdminOrders(query, shopLocale(locale));
  redirectPastLastPage(ORDER_HISTORY_PATH, params, result);
  return <OrdersListView kind="history" canExport={isOwner(session.roles)} query={query} result={result} searchParams={params} />;
}
