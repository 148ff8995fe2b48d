import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { sellerSettings, type SellerSettingsRow } from "@/db/schema";
import { env } from "@/lib/env";
import { envSellerValues, SELLER_KEYS, sellerFrom, type Seller, type SellerValues } from "@/lib/seller";

export interface StoredSeller {
  values: SellerValues;
  row: SellerSettingsRow | null;
}

export async function loadSellerValues(db: Db | Tx): Promise<StoredSeller> {
  const [row] = await db.select().from(sellerSettings).where(eq(sellerSettings.id, 1));
  if (!row) return { values: envSellerValues(), row: null };
  return { values: Object.fromEntries(SELLER_KEYS.map((k) => [k, row[k]])) as SellerValues, row };
}

export async function loadSeller(db?: Db | Tx): Promise<Seller> {
  return sellerFrom((await loadSellerValues(db ?? (await getDb()))).values);
}

export function invoicesNeedSeller(): boolean {
  const { NODE_ENV, SHOP_DEMO } = env();
  return NODE_ENV === "production" && !SHOP_DEMO;
}
