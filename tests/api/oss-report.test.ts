import { afterEach, describe, expect, it } from "vitest";
import { vatInGross } from "@/lib/domain/pricing";
import { quarterOf, quarterPeriod } from "@/lib/domain/report-period";
import type { OssReport } from "@/lib/schemas/oss-report";
import type { OrderDto } from "@/lib/schemas/orders";
import * as ossRoute from "@/app/api/admin/reports/oss/route";
import { call, cookieFor, type Role } from "../helpers/api";
import { card, CARDS, fillCart, newCustomer, paySandbox, placeOrder } from "../helpers/orders";
import { creditNote, orderBody, refundRow, setupInvoiceFixtures } from "../helpers/invoices";
import { setOss } from "../helpers/tax";

setupInvoiceFixtures();

afterEach(() => setOss(false));

/** One mug (14.99 gross) to `country`, paid: its invoice is issued at once. */
async function paidTo(country: string): Promise<OrderDto> {
  const buyer = await newCustomer("oss");
  await fillCart({ cookie: buyer.cookie }, buyer.id, 1);
  const address = {
    firstName: "Eva",
    lastName: "Land",
    street1: "Ring 1",
    street2: null,
    city: "Stadt",
    postalCode: "1010",
    countryCode: country,
  };
  const placed = await placeOrder(orderBody({ shippingAddress: address }), { cookie: buyer.cookie });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect((await paySandbox(placed.body.order.id, card(CARDS.ok), { cookie: buyer.cookie })).body.status).toBe("succeeded");
  return placed.body.order;
}

const report = async (query: string, role: Role = "admin") =>
  call<OssReport & { message?: string; errors?: Record<string, string> }>(ossRoute.GET, {
    path: `/api/admin/reports/oss?${query}`,
    cookie: await cookieFor(role),
  });

describe("GET /api/admin/reports/oss", () => {
  const quarter = quarterOf(new Date());

  it("adds the quarter's OSS invoices per destination and rate, takes credit notes off; German, export and pre-OSS sales stay out", async () => {
    await paidTo("AT"); // OSS off: German VAT, declared at home
    await paidTo("DE");
    await setOss(true);
    const austria = await paidTo("AT");
    await paidTo("AT");
    await paidTo("NL");
    await paidTo("CH"); // export
    await paidTo("DE"); // home, even with OSS on
    const refundId = await refundRow(austria.id, 1000);
    expect(await creditNote(austria.id, refundId, 1000)).toBeTruthy();

    // Each OSS order: 14.99 + 9.90 shipping = 24.89 gross at the destination's rate.
    const at = { gross: 2 * 2489 - 1000, vat: 2 * (vatInGross(1499, 20) + vatInGross(990, 20)) - vatInGross(1000, 20) };
    const nl = { gross: 2489, vat: vatInGross(1499, 21) + vatInGross(990, 21) };
    const res = await report(`quarter=${quarter}`);
    expect(res.status).toBe(200);
    const p = quarterPeriod(quarter);
    expect(res.body).toEqual({
      quarter,
      from: p.from,
      to: p.to,
      rows: [
        { country: "AT", ratePercent: 20, netCents: at.gross - at.vat, vatCents: at.vat },
        { country: "NL", ratePercent: 21, netCents: nl.gross - nl.vat, vatCents: nl.vat },
      ],
      totals: { netCents: at.gross - at.vat + nl.gross - nl.vat, vatCents: at.vat + nl.vat },
    });

    const csv = await call<string>(ossRoute.GET, {
      path: `/api/admin/reports/oss?quarter=${quarter}&format=csv`,
      cookie: await cookieFor("admin"),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="oss-${quarter}.csv"`);
    const euros = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
    expect(String(csv.body).trim().split("\r\n")).toEqual([
      "country,rate_percent,net_eur,vat_eur",
      `AT,20,${euros(at.gross - at.vat)},${euros(at.vat)}`,
      `NL,21,${euros(nl.gross - nl.vat)},${euros(nl.vat)}`,
    ]);

    const [year = "", q = ""] = quarter.split("-Q");
    const earlier = q === "1" ? `${Number(year) - 1}-Q4` : `${year}-Q${Number(q) - 1}`;
    expect((await report(`quarter=${earlier}`)).body).toMatchObject({ rows: [], totals: { netCents: 0, vatCents: 0 } });
  });

  it.each([
    ["no quarter", "", "This field is required"],
    ["a fifth quarter", "quarter=2026-Q5", "Enter a quarter such as 2026-Q4"],
    ["a date", "quarter=2026-10-01", "Enter a quarter such as 2026-Q4"],
    ["an unknown format", "quarter=2026-Q4&format=xlsx", "Invalid value"],
  ])("%s → 422 naming the field", async (_, query, message) => {
    const res = await report(query);
    expect(res.status).toBe(422);
    expect(Object.values(res.body.errors ?? {})).toEqual([message]);
  });

  it("is the owner's: anonymous 401, customer and staff 403", async () => {
    expect((await report(`quarter=${quarter}`, "anonymous")).status).toBe(401);
    expect((await report(`quarter=${quarter}`, "customer")).status).toBe(403);
    expect((await report(`quarter=${quarter}`, "staff")).status).toBe(403);
  });
});

describe("quarterPeriod", () => {
  it.each([
    ["2026-Q1", "2026-01-01", "2026-03-31"],
    ["2026-Q2", "2026-04-01", "2026-06-30"],
    ["2024-Q1", "2024-01-01", "2024-03-31"],
    ["2026-Q4", "2026-10-01", "2026-12-31"],
  ])("%s runs from %s to %s", (quarter, from, to) => {
    expect(quarterPeriod(quarter)).toMatchObject({ from, to });
  });

  it("a Berlin New Year's night belongs to the new year's first quarter", () => {
    expect(quarterOf(new Date("2026-12-31T23:30:00Z"))).toBe("2027-Q1");
    expect(quarterOf(new Date("2026-12-31T22:30:00Z"))).toBe("2026-Q4");
  });
});
