import { adminOrdersQuery, type AdminOrderFilter, type AdminOrdersQuery } from "@/lib/schemas/admin-orders";
import { firstParam, type SearchParamsRecord } from "@/components/ui/list/href";

const KEYS = ["status", "q", "from", "to", "page", "pageSize"] as const;

/** The status filters each list offers: open orders are always "open"; the history shows completed (default), cancelled or all. */
export const HISTORY_FILTERS = ["completed", "cancelled", "all"] as const satisfies readonly AdminOrderFilter[];

/**
 * The list state from the URL. A value that does not parse (a hand-edited URL, an end date before the
 * start date) falls back to its default; the status is the list's own (`fixed`) or one of `allowed`.
 */
export function readOrdersQuery(
  searchParams: SearchParamsRecord,
  opts: { fixed?: AdminOrderFilter; allowed?: readonly AdminOrderFilter[] },
): AdminOrdersQuery {
  const raw: Record<string, string | undefined> = Object.fromEntries(KEYS.map((key) => [key, firstParam(searchParams[key])]));
  if (opts.fixed) raw.status = opts.fixed;
  else if (!opts.allowed?.includes(raw.status as AdminOrderFilter)) raw.status = opts.allowed?.[0];
  const parsed = adminOrdersQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return adminOrdersQuery.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}
