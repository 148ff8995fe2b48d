import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { taxSettings } from "@/db/schema";
import type { TaxSettingsBody } from "@/lib/schemas/tax-settings";
import { recordAudit, type AuditContext } from "./audit";

export type TaxSettings = TaxSettingsBody;

export async function getTaxSettings(db?: Db | Tx): Promise<TaxSettings> {
  const [row] = await (db ?? (await getDb())).select({ ossEnabled: taxSettings.ossEnabled }).from(taxSettings).where(eq(taxSettings.id, 1));
  return { ossEnabled: row?.ossEnabled ?? false };
}

export async function setTaxSettings(body: TaxSettingsBody, audit: AuditContext): Promise<TaxSettings> {
  const db = await getDb();
  const values = { ossEnabled: body.ossEnabled, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(taxSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: taxSettings.id, set: values });
    await recordAudit(tx, {
      ...audit,
      action: "settings_changed",
      target: { type: "tax_settings", id: 1 },
      details: { ossEnabled: body.ossEnabled },
    });
  });
  return getTaxSettings();
}
