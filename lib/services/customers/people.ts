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
  // Narrowed to some users (a search), every aggregate below reads only their orders.
  const onlyUsers = users ? sql`and o.user_id in (select id from candidates)` : sql``;
  const onlyPeople = users ? sql`and u.id in (select id from candidates)` : sql``;
  return sql`
    with candidates as (${users ?? sql`select null::int as id`}), refunded as (
      select order_id, sum(amount_cents) as cents from refunds where status = 'succeeded' group by order_id
    ), stats as (
      select o.user_id, count(*)::int as orders,
             (coalesce(sum(o.total_cents) filter (where o.paid_at is not null), 0) - coalesce(sum(r.cents), 0))::bigint as spent,
             max(o.created_at) as last_order
      from orders o left join refunded r on r.order_id = o.id
      where o.user_id is not null ${onlyUsers}
      group by o.user_id
    ), people as (
      select u.id, array[u.id] as user_ids, u.email, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
             'customer' as kind, coalesce(s.orders, 0) as orders, coalesce(s.spent, 0) as spent, s.last_order
      from users u left join stats s on s.user_id = u.id
      where u.password_hash is not null and not ('admin' = any(u.roles)) ${onlyPeople}
      union all
      select max(u.id), array_agg(u.id), lower(u.email),
             (array_agg(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) order by u.id desc))[1],
             'guest', sum(s.orders)::int, sum(s.spent)::bigint, max(s.last_order)
      from users u join stats s on s.user_id = u.id
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
