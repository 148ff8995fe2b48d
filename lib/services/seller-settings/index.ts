import "server-only";
import { getDb } from "@/db/client";
import { sellerSettings } from "@/db/schema";
import { SELLER_KEYS } from "@/lib/seller";
import type { SellerSettingsBody } from "@/lib/schemas/seller-settings";
import { recordAudit, type AuditContext } from "../audit";
import { invalidateBrand } from "../brand-cache";
import { loadSellerValues } from "./load";

export { invoicesNeedSeller, loadSeller, loadSellerValues } from "./load";

export async function storeSellerSettings(body: SellerSettingsBody, audit: AuditContext): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    const before = (await loadSellerValues(tx)).values;
    await tx
      .insert(sellerSettings)
      .values({ id: 1, ...body, updatedAt: now })
      .onConflictDoUpdate({ target: sellerSettings.id, set: { ...body, updatedAt: now } });
    // Which fields changed, never their old values (an IBAN, a phone number).
    const changed = SELLER_KEYS.filter((k) => (before[k] ?? null) !== (body[k] ?? null));
    await recordAudit(tx, {
      ...audit,
      action: "settings_changed",
      target: { type: "seller_settings", id: 1 },
      details: { fields: changed },
    });
  });
  invalidateBrand();
}
