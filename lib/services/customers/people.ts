import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";

/** postgres.js answers rows directly, PGlite in `rows`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Guest accounts are never grouped by email: anybody can check out as a guest with any email. */
export function peopleSql(where: SQL = sql`true`, users: SQL | null = null): SQL {
  const onlyPeople = users ? sql`and u.id in (select id from candidates)` : sql``;
  return sql`
    with candidates as (${users ?? sql`select null::int as id`}), people as (
      select u.id, array[u.id] as user_ids, lower(u.email) as email,
             trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
             case when u.password_hash is null then 'guest' else 'customer' end as kind,
             coalesce(s.orders, 0) as orders, coalesce(s.spent_cents, 0) as spent, s.last_order_at as last_order
      from users u left join customer_stats s on s.user_id = u.id
      where not ('admin' = any(u.roles)) and (u.password_hash is not null or s.orders > 0) ${onlyPeople}
    )
    select * from people where ${where}`;
}

export interface PersonRow {
  id: number;
  user_ids: number[];
  email: string;
  name: string;
  kind: "customer" | "guest";
  orders: number;
  spent: string | number;
  last_order: string | Date | null;
}

export const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
