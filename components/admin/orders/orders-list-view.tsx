import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatEuro } from "@/lib/format";
import { adminOrdersExportUrl } from "@/lib/api-client/admin-orders";
import {
  AMOUNT_MISMATCH_RECENT_DAYS,
  STALE_PROCESSING_DAYS,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type OrderExportFormat,
} from "@/lib/schemas/admin-orders";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { DateRangeFilter } from "./date-range-filter";
import { OrderActionHost } from "./order-action-host";
import { OrderStatusTabs } from "./order-status-tabs";
import { OrderTable } from "./order-table";
import { BulkBar, BulkOrders } from "./bulk-orders";
import { HISTORY_FILTERS, OPEN_FILTERS } from "./list-query";
import { OPEN_ORDERS_PATH, ORDER_HISTORY_PATH } from "./paths";

async function OrderSums({ sums }: { sums: AdminOrderPage["sums"] }) {
  const [t, locale] = await Promise.all([getTranslations("adminOrders.sums"), getLocale()]);
  const items = [
    { key: "orders", label: t("orders"), value: String(sums.orders) },
    { key: "total", label: t("total"), value: formatEuro(sums.totalCents, locale) },
    { key: "refunded", label: t("refunded"), value: formatEuro(sums.refundedCents, locale) },
    { key: "net", label: t("net"), value: formatEuro(sums.totalCents - sums.refundedCents, locale) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="order-sums">
      {items.map((i) => (
        <div key={i.key} className="rounded-lg border border-stone-200 bg-white px-4 py-2" data-testid={`order-sum-${i.key}`}>
          <dt className="text-xs text-stone-500">{i.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export async function OrdersListView({
  kind,
  query,
  result,
  searchParams,
  canExport,
}: {
  /** The CSV export is the owner's. */
  canExport: boolean;
  kind: "open" | "history";
  query: AdminOrdersQuery;
  result: AdminOrderPage;
  searchParams: SearchParamsRecord;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminOrders"), getLocale()]);
  const basePath = kind === "open" ? OPEN_ORDERS_PATH : ORDER_HISTORY_PATH;
  const filtered = !!query.q || !!query.from || !!query.to || !!query.attention;
  const exportFilter = { status: query.status, q: query.q, from: query.from, to: query.to, attention: query.attention };
  // The first button leaves the format to the server, which picks the one of the admin's language.
  const ownFormat: OrderExportFormat = locale === "de" ? "excel-de" : "csv";
  const otherFormat: OrderExportFormat = ownFormat === "csv" ? "excel-de" : "csv";
  const firstFilter = kind === "open" ? OPEN_FILTERS[0] : HISTORY_FILTERS[0];
  const resetHref = `${basePath}${query.status === firstFilter ? "" : `?status=${query.status}`}`;
  const page = (
    <ListPage
      title={kind === "open" ? t("openTitle") : t("historyTitle")}
      actions={
        canExport && (
          <div role="group" aria-label={t("exportGroup")} className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-stone-600">{t("export")}</span>
            <a href={adminOrdersExportUrl(exportFilter)} download className="btn-secondary" data-testid="order-export">
              {t(`exportFormat.${ownFormat}`)}
            </a>
            <a
              href={adminOrdersExportUrl({ ...exportFilter, format: otherFormat })}
              download
              className="btn-secondary"
              data-testid="order-export-other"
            >
              {t(`exportFormat.${otherFormat}`)}
            </a>
          </div>
        )
      }
      basePath={basePath}
      resetHref={resetHref}
      testIdPrefix="order"
      filtered={filtered}
      empty={
        <EmptyState
          message={
            kind === "open"
              ? t("emptyOpen")
              : t(`emptyHistory.${query.status === "completed" || query.status === "cancelled" ? query.status : "all"}`)
          }
          testId="order-empty"
        >
          {kind === "open" ? (
            <Link href={ORDER_HISTORY_PATH} className="btn-secondary">
              {t("toHistory")}
            </Link>
          ) : (
            <Link href={OPEN_ORDERS_PATH} className="btn-secondary">
              {t("toOpen")}
            </Link>
          )}
        </EmptyState>
      }
      table={<OrderTable items={result.items} />}
      paging={{ searchParams, ...result }}
    >
      <p className="text-sm text-stone-600">{kind === "open" ? t("openIntro") : t("historyIntro")}</p>
      <OrderActionHost />
      <OrderStatusTabs
        basePath={basePath}
        current={query.status}
        filters={kind === "open" ? OPEN_FILTERS : HISTORY_FILTERS}
        searchParams={searchParams}
      />
      {query.attention && (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="order-attention">
          <span className="rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900">
            {t(`attention.${query.attention}`, { days: query.attention === "stale" ? STALE_PROCESSING_DAYS : AMOUNT_MISMATCH_RECENT_DAYS })}
          </span>
          <Link href={hrefWith(basePath, searchParams, { attention: null })} className="text-brand-700 hover:underline">
            {t("attention.clear")}
          </Link>
        </p>
      )}
      <ListToolbar searchLabel={t("filters.search")}>
        <DateRangeFilter />
      </ListToolbar>
      <OrderSums sums={result.sums} />
      {kind === "open" && <BulkBar />}
    </ListPage>
  );
  return kind === "open" ? <BulkOrders items={result.items}>{page}</BulkOrders> : page;
}
