import "server-only";
import { inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { countries, shippingZoneCountries, shippingZones } from "@/db/schema";
import { validationFailed, type MessageKey } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import type { ShippingSettingsBody, ShippingSettingsDto } from "@/lib/schemas/shipping";
import { recordAudit, type AuditContext } from "../audit";
import { invalidateCatalog } from "../catalog-cache";
import { readZones } from "./zones";

const SAVE_LOCK = 727003;

export { countryNotShipped, destinationOf, listShippingZones, readZones } from "./zones";

/** Every country the shop knows, for picking: `listCountries` lists only those a zone ships to. */
export async function knownCountries(locale: Locale): Promise<{ code: string; name: string }[]> {
  const rows = await (await getDb()).select().from(countries);
  return rows
    .map((c) => ({ code: c.code, name: locale === "de" ? c.nameDe : c.nameEn }))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.code.localeCompare(b.code));
}

export async function getShippingSettings(): Promise<ShippingSettingsDto> {
  const { zones, saved, updatedAt } = await readZones(await getDb());
  return { zones, source: saved ? "saved" : "default", updatedAt: updatedAt?.toISOString() ?? null };
}

/** The whole list is replaced in one transaction; the cached zones and country list are cleared after it. */
export async function saveShippingSettings(body: ShippingSettingsBody, audit: AuditContext): Promise<ShippingSettingsDto> {
  const db = await getDb();
  const codes = [...new Set(body.zones.flatMap((z) => z.countries))];
  const known = new Set(
    (await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, codes))).map((c) => c.code),
  );
  const errors: Record<string, MessageKey> = {};
  body.zones.forEach((z, i) =>
    z.countries.forEach((c, j) => {
      if (!known.has(c)) errors[`zones.${i}.countries.${j}`] = "validation.shippingCountryUnknown";
    }),
  );
  if (Object.keys(errors).length) throw validationFailed(errors);

  const now = new Date();
  await db.transaction(async (tx) => {
    // Two saves at once would meet on the unique name: the second waits for the first.
    await tx.execute(sql`select pg_advisory_xact_lock(${SAVE_LOCK})`);
    await tx.delete(shippingZoneCountries);
    await tx.delete(shippingZones);
    const rows = await tx
      .insert(shippingZones)
      .values(
        body.zones.map((z, position) => ({
          position,
          name: z.name,
          priceCents: z.priceCents,
          extraItemCents: z.extraItemCents,
          freeFromCents: z.freeFromCents,
          updatedAt: now,
        })),
      )
      .returning({ id: shippingZones.id, position: shippingZones.position });
    const idAt = new Map(rows.map((r) => [r.position, r.id]));
    await tx
      .insert(shippingZoneCountries)
      .values(
        body.zones.flatMap((z, position) => z.countries.map((countryCode) => ({ countryCode, zoneId: idAt.get(position) as number }))),
      );
    await recordAudit(tx, {
      ...audit,
      action: "settings_changed",
      target: { type: "shipping_settings", id: 1 },
      details: { zones: body.zones.length, countries: codes.length },
    });
  });
  invalidateCatalog();
  return getShippingSettings();
}
