import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { orderListQuery } from "@/lib/services/orders/list";
import { cartLinesQuery } from "@/lib/services/cart/read";

// The same options as db/client.ts's databases, so the text is the one the shop sends.
const db = drizzle.mock({ schema, casing: "snake_case" }) as unknown as Db;
const text = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
  const { sql, params } = query.toSQL();
  if (params.length !== 1) throw new Error(`expected one parameter (the user id), got ${params.length}: ${sql}`);
  return sql;
};
console.log(JSON.stringify({ orders: text(orderListQuery(db)), cart: text(cartLinesQuery(db)) }));
