import { adminOrdersQuery, type AdminOrderFilter, type AdminOrdersQuery } from "@/lib/schemas/admin-orders";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { readListQuery } from "@/components/ui/list/list-query";

/** The open list: all open orders first, then those not started and those in production. */
export const OPEN_FILTERS = ["open", "pending", "processing"] as const satisfies readonly AdminOrderFilter[];

export const HISTORY_FILTERS = ["completed", "cancelled", "all"] as const satisfies readonly AdminOrderFilter[];

export function readOrdersQuery(
  searchParams: SearchParamsRecord,
  opts: { fixed?: AdminOrderFilter; allowed?: readonly AdminOrderFilter[] },
): AdminOrdersQuery {
  const asked = searchParams.status;
  const status =
    opts.fixed ?? (opts.allowed?.includes((Array.isArray(asked) ? asked[0] : asked) as AdminOrderFilter) ? undefined : opts.allowed?.[0]);
  return readListQuery(adminOrdersQuery, searchParams, status ? { status } : {});
}
