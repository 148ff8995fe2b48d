import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, sellerSettings } from "@/db/schema";
import { missingForInvoice, SELLER_KEYS } from "@/lib/seller";
import type { SellerSettingsBody, SellerSettingsDto } from "@/lib/schemas/seller-settings";
import { recordAudit, type AuditContext } from "../audit";
import { issueWaitingInvoices, waitingForInvoice } from "../invoices/waiting";
import { loadSellerValues } from "./load";

export { invoicesNeedSeller, loadSeller, loadSellerValues } from "./load";

async function countWaiting(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(waitingForInvoice());
  return Number(row?.count ?? 0);
}

export async function getSellerSettings(): Promise<SellerSettingsDto> {
  const { values, row } = await loadSellerValues(await getDb());
  return {
    values,
    source: row ? "saved" : "environment",
    missing: missingForInvoice(values),
    waitingInvoices: await countWaiting(),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** Saving with every required field issues the invoices that waited for them. */
export async function saveSellerSettings(body: SellerSettingsBody, audit: AuditContext): Promise<SellerSettingsDto> {
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
  const issued = await issueWaitingInvoices();
  return { ...(await getSellerSettings()), issued };
}
