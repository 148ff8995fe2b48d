import "server-only";
import type { Db } from "@/db/client";

const cache = new WeakMap<Db, Map<string, unknown>>();

/** The hottest reads skip drizzle's query building on every request; keyed by the handle, so a replaced handle builds it again. */
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
