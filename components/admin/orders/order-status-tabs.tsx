import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import type { AdminOrderFilter } from "@/lib/schemas/admin-orders";

export async function OrderStatusTabs({
  basePath,
  current,
  filters,
  searchParams,
}: {
  basePath: string;
  current: AdminOrderFilter;
  filters: readonly AdminOrderFilter[];
  searchParams: SearchParamsRecord;
}) {
  const t = await getTranslations("adminOrders.filters");
  return (
    <nav
      aria-label={t("statusFilter")}
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-stone-200 px-1"
      data-testid="order-status-filter"
    >
      {filters.map((filter, index) => {
        const active = filter === current;
        return (
          <Link
            key={filter}
            href={hrefWith(basePath, searchParams, { status: index === 0 ? null : filter })}
            aria-current={active ? "page" : undefined}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${active ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-stone-600 hover:text-stone-900"}`}
          >
            {t(`status.${filter}`)}
          </Link>
        );
      })}
    </nav>
  );
}
