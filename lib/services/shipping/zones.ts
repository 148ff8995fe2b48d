import "server-only";
import { asc, inArray } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { countries, shippingZoneCountries, shippingZones } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import {
  DEFAULT_SHIPPING_ZONES,
  destinationIn,
  homeDestination,
  type Destination,
  type ShippingZone,
  type TaxContext,
} from "@/lib/domain/shipping";
import { cachedCatalog } from "../catalog-cache";

export interface StoredZones {
  zones: ShippingZone[];
  saved: boolean;
  updatedAt: Date | null;
}

/** Until the owner saves zones the defaults apply, limited to the countries the shop knows. */
export async function readZones(db: Db | Tx): Promise<StoredZones> {
  const rows = await db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id));
  if (rows.length === 0) {
    const all = DEFAULT_SHIPPING_ZONES.flatMap((z) => z.countries);
    const known = new Set(
      (await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, all))).map((c) => c.code),
    );
    const zones = DEFAULT_SHIPPING_ZONES.map((z) => ({ ...z, countries: z.countries.filter((c) => known.has(c)) })).filter(
      (z) => z.countries.length > 0,
    );
    return { zones, saved: false, updatedAt: null };
  }
  const links = await db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.countryCode));
  const zones = rows.map((r) => ({
    name: r.name,
    countries: links.filter((l) => l.zoneId === r.id).map((l) => l.countryCode),
    priceCents: r.priceCents,
    extraItemCents: r.extraItemCents,
    freeFromCents: r.freeFromCents,
  }));
  const updatedAt = new Date(Math.max(...rows.map((r) => r.updatedAt.getTime())));
  return { zones, saved: true, updatedAt };
}

/** Shared between callers: read-only. A save clears it at once here, other instances within the catalogue's TTL. */
export function listShippingZones(): Promise<ShippingZone[]> {
  return cachedCatalog("shipping-zones", async () => (await readZones(await getDb())).zones);
}

export const countryNotShipped = (field: string) =>
  new ApiError(422, "errors.countryNotShipped", { [field]: "validation.countryNotShipped" });

/** The destination of a country the shop ships to, with its VAT; any other country answers 422 on `field`. */
export function destinationOf(zones: readonly ShippingZone[], country: string | undefined, field: string, tax: TaxContext): Destination {
  const destination = country === undefined ? homeDestination(zones, tax) : destinationIn(zones, country, tax);
  if (!destination) throw countryNotShipped(field);
  return destination;
}
