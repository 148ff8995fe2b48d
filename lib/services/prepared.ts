import "server-only";
import type { Db } from "@/db/client";

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and run with placeholders (drizzle's `.prepare()`): the
 * hottest reads skip drizzle's query building (column casing, SQL text) on every request. Keyed by the
 * handle, so a replaced handle (tests, a reconnect) builds it again.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
