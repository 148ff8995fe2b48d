import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, taxSettings } from "@/db/schema";
import { ossThresholdLevel } from "@/lib/domain/destination-tax";
import type { Dashboard } from "@/lib/schemas/dashboard";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import { call, cookieFor } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";

const NOW = new Date();
const YEAR = Number(new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Berlin" }).format(NOW));
const address = (countryCode: string) => ({
  firstName: "A",
  lastName: "B",
  street1: "Weg 1",
  city: "Ort",
  postalCode: "1010",
  countryCode,
});

async function threshold() {
  const res = await call<Dashboard>(dashboardRoute.GET, { path: "/api/admin/dashboard", cookie: await cookieFor("admin") });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ossThreshold;
}

/** A paid order of one line at `grossCents` (19 %), shipping free, to `country`; answers its net. */
async function sold(country: string, grossCents: number, paidAt: Date, opts: { paid?: boolean; refundedCents?: number } = {}) {
  const order = await seedOrder({
    status: "delivered",
    paid: opts.paid ?? true,
    refundedCents: opts.refundedCents,
    lines: [{ unitPriceCents: grossCents, vatPercent: 19 }],
    shippingCents: 0,
    shipping: address(country),
  });
  const db = await getDb();
  if (opts.paid ?? true) await db.update(orders).set({ paidAt }).where(eq(orders.id, order.id));
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  return (row?.totalCents ?? 0) - (row?.taxCents ?? 0);
}

describe("the dashboard's One-Stop-Shop threshold", () => {
  it("counts this year's paid orders to other member states, net, refunds at their net share; the owner is told near and over", async () => {
    expect(await threshold()).toEqual({
      ossEnabled: false,
      thresholdCents: 1_000_000,
      thisYearNetCents: 0,
      lastYearNetCents: 0,
      level: "below",
    });

    const austria = await sold("AT", 595_000, NOW); // 500,000 net
    await sold("DE", 900_000, NOW); // home: never counts
    await sold("CH", 900_000, NOW); // export: never counts
    await sold("FR", 900_000, NOW, { paid: false }); // unpaid
    await sold("IT", 900_000, new Date(Date.UTC(YEAR - 2, 5, 1))); // two years ago
    expect(austria).toBe(500_000);
    expect(await threshold()).toMatchObject({ thisYearNetCents: 500_000, lastYearNetCents: 0, level: "below" });

    // 119,000 gross refunded of 357,000 gross: a third of its 300,000 net.
    const france = await sold("FR", 357_000, NOW, { refundedCents: 119_000 });
    expect(france).toBe(300_000);
    expect(await threshold()).toMatchObject({ thisYearNetCents: 700_000, level: "below" });

    await sold("NL", 119_000, NOW); // 100,000 net: 800,000, 80 %
    expect(await threshold()).toMatchObject({ thisYearNetCents: 800_000, level: "near" });

    await sold("PL", 238_000, new Date(Date.UTC(YEAR - 1, 6, 1))); // last year: 200,000 net
    expect(await threshold()).toMatchObject({ thisYearNetCents: 800_000, lastYearNetCents: 200_000, level: "near" });

    await sold("SE", 238_012, NOW);
    expect(await threshold()).toMatchObject({ thisYearNetCents: 1_000_010, level: "over", ossEnabled: false });

    await (await getDb()).insert(taxSettings).values({ id: 1, ossEnabled: true });
    expect((await threshold()).ossEnabled).toBe(true);
  });

  it.each([
    [0, 0, "below"],
    [799_999, 0, "below"],
    [800_000, 0, "near"],
    [1_000_000, 0, "near"],
    [1_000_001, 0, "over"],
    [0, 1_000_001, "over"],
    [0, 1_000_000, "below"],
  ] as const)("this year %i, last year %i → %s", (thisYear, lastYear, level) => {
    expect(ossThresholdLevel(thisYear, lastYear)).toBe(level);
  });
});
