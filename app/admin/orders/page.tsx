import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { isOwner } from "@/lib/domain/permissions";
import { shopLocale } from "@/lib/i18n/config";
import { listAdminOrders } from "@/lib/services/orders/admin-queries";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { redirectPastLastPage } from "@/components/ui/list/list-query";
import { OPEN_FILTERS, readOrdersQuery } from "@/components/admin/orders/list-query";
import { OrdersListView } from "@/components/admin/orders/orders-list-view";
import { OPEN_ORDERS_PATH } from "@/components/admin/orders/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminOrders"))("openTitle") };
}

export default async function OpenOrdersPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const session = await requireBackOffice("orders");
  const [params, locale] = await Promise.all([searchParams, getLocale()]);
  const query = readOrdersQuery(params, { allowed: OPEN_FILTERS });
  const result = await listAdminOrders(query, shopLocale(locale));
  redirectPastLastPage(OPEN_ORDERS_PATH, params, result);
  return <OrdersListView kind="open" canExport={isOwner(session.roles)} query={query} result={result} searchParams={params} />;
}
