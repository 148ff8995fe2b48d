import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { AdminCustomersQuery, CustomerPage } from "@/lib/schemas/customers";
import { likePattern, pageOffset } from "../list-query";
import { iso, peopleSql, rowsOf, type PersonRow } from "./people";

const ORDER_BY = {
  name: sql`lower(name)`,
  email: sql`email`,
  orders: sql`orders`,
  spent: sql`spent`,
  lastOrder: sql`last_order`,
} as const;

export async function listCustomers(query: AdminCustomersQuery): Promise<CustomerPage> {
  const db = await getDb();
  const pattern = query.q ? likePattern(query.q) : null;
  const filters = [query.kind === "all" ? sql`true` : sql`kind = ${query.kind}`];
  const matched = pattern
    ? sql`select id from users where email ilike ${pattern} or (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ilike ${pattern}
          union select user_id from orders where order_number ilike ${pattern} and user_id is not null`
    : null;
  const descending = query.sort.startsWith("-");
  const key = query.sort.replace(/^-/, "") as keyof typeof ORDER_BY;
  const direction = descending ? sql`desc nulls last` : sql`asc nulls last`;
  const rows = await rowsOf<PersonRow & { total: number }>(
    db,
    sql`select p.*, count(*) over ()::int as total from (${peopleSql(sql.join(filters, sql` and `), matched)}) p
        order by ${ORDER_BY[key]} ${direction}, id desc
        limit ${query.pageSize} offset ${pageOffset(query)}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${peopleSql(sql.join(filters, sql` and `), matched)}) p`,
    );
    total = Number(counted?.total ?? 0);
  }
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      email: r.email,
      name: r.name,
      kind: r.kind,
      orders: Number(r.orders),
      spentCents: Number(r.spent),
      lastOrderAt: iso(r.last_order),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
