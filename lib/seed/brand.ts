import type { Tx } from "@/db/client";
import { brandSettings } from "@/db/schema";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SHOP_NAME } from "@/lib/domain/brand";
import { env } from "@/lib/env";

/** The demo and development shops are "MugMagic"; a production shop starts with its legal name (no row). */
export async function seedBrand(tx: Tx): Promise<void> {
  const { NODE_ENV, SHOP_DEMO } = env();
  if (NODE_ENV === "production" && !SHOP_DEMO) return;
  await tx.insert(brandSettings).values({ id: 1, shopName: DEFAULT_SHOP_NAME, primaryColor: DEFAULT_PRIMARY_COLOR }).onConflictDoNothing();
}
