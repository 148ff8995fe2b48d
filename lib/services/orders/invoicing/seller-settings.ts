import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { missingForInvoice } from "@/lib/seller";
import type { SellerSettingsBody, SellerSettingsDto } from "@/lib/schemas/seller-settings";
import type { AuditContext } from "../../audit";
import { loadSellerValues, storeSellerSettings } from "../../seller-settings";
import { issueWaitingInvoices, waitingForInvoice } from "./waiting";

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
  await storeSellerSettings(body, audit);
  const issued = await issueWaitingInvoices();
  return { ...(await getSellerSettings()), issued };
}
