import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";

/** db.execute answers rows directly (postgres.js) or in `rows` (PGlite). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * One row per person: each account (admins aside), and the guest accounts of one email with at least one
 * order taken together (a guest account is made per checkout). Spent: paid orders' totals minus refunds.
 */
export function peopleSql(where: SQL = sql`true`, users: SQL | null = null): SQL {
  // Narrowed to some users (a search), only their rows are read.
  const onlyPeople = users ? sql`and u.id in (select id from candidates)` : sql``;
  // customer_stats is kept by triggers on orders and refunds (db/migrations/0023_customer_stats.sql).
  return sql`
    with candidates as (${users ?? sql`select null::int as id`}), people as (
      select u.id, array[u.id] as user_ids, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
             'customer' as kind, coalesce(s.orders, 0) as orders, coalesce(s.spent_cents, 0) as spent, s.last_order_at as last_order
      from users u left join customer_stats s on s.user_id = u.id
      where u.password_hash is not null and not ('admin' = any(u.roles)) ${onlyPeople}
      union all
      select max(u.id), array_agg(u.id), lower(u.email),
             (array_agg(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) order by u.id desc))[1],
             'guest', sum(s.orders)::int, sum(s.spent_cents)::bigint, max(s.last_order_at)
      from users u join customer_stats s on s.user_id = u.id and s.orders > 0
      where u.password_hash is null ${onlyPeople}
      group by lower(u.email)
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
