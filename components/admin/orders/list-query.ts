import { adminOrdersQuery, type AdminOrderFilter, type AdminOrdersQuery } from "@/lib/schemas/admin-orders";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { readListQuery } from "@/components/ui/list/list-query";

/** The status filters each list offers: open orders are always "open"; the history shows completed (default), cancelled or all. */
export const HISTORY_FILTERS = ["completed", "cancelled", "all"] as const satisfies readonly AdminOrderFilter[];

/** The list state from the URL; the status is the list's own (`fixed`) or one of `allowed`. */
export function readOrdersQuery(
  searchParams: SearchParamsRecord,
  opts: { fixed?: AdminOrderFilter; allowed?: readonly AdminOrderFilter[] },
): AdminOrdersQuery {
  const asked = searchParams.status;
  const status =
    opts.fixed ?? (opts.allowed?.includes((Array.isArray(asked) ? asked[0] : asked) as AdminOrderFilter) ? undefined : opts.allowed?.[0]);
  return readListQuery(adminOrdersQuery, searchParams, status ? { status } : {});
}
