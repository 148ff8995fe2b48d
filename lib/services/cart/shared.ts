import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { carts, vatRates } from "@/db/schema";

export type Queryable = Db | Tx;

const FALLBACK_VAT_PERCENT = 19;

export const userCartIds = (db: Queryable, userId: number) => db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));

export async function defaultVatPercent(db: Queryable): Promise<number> {
  const [row] = await db.select({ percent: vatRates.percent }).from(vatRates).where(eq(vatRates.isDefault, true)).limit(1);
  return row ? Number(row.percent) : FALLBACK_VAT_PERCENT;
}
