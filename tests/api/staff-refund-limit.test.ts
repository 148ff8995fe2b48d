import { describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { formatEuro } from "@/lib/format";
import { admin, order, orderRow, refundRows, setupOrderActionFixtures } from "../helpers/admin-order-actions";

setupOrderActionFixtures();

/** The limit set just below the order's total, so a full refund is above it and a smaller one below. */
function limitBelow(totalCents: number): number {
  const limit = totalCents - 1;
  process.env.STAFF_REFUND_LIMIT_CENTS = String(limit);
  resetEnvCache();
  return limit;
}

describe("staff refunds up to STAFF_REFUND_LIMIT_CENTS", () => {
  it("a staff refund above the limit → 403 with the limit named, and no money moves", async () => {
    const o = await order();
    const limit = limitBelow(o.totalCents);
    const res = await admin("refund", o.id, { reason: "Broken handle" }, "staff");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(`Staff may refund at most ${formatEuro(limit, "en")} per order; ask the owner for a larger refund.`);
    expect(await refundRows(o.id)).toHaveLength(0);
  });

  it("a staff refund up to the limit goes through and is booked as the back office's", async () => {
    const o = await order();
    const limit = limitBelow(o.totalCents);
    const res = await admin("refund", o.id, { reason: "Small scratch", amountCents: limit }, "staff");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await refundRows(o.id)).toMatchObject([{ status: "succeeded", amountCents: limit, source: "admin" }]);
  });

  it("cancelling a paid order refunds what is left, so staff cannot cancel above the limit; the order stays", async () => {
    const o = await order();
    limitBelow(o.totalCents);
    const res = await admin("cancel", o.id, { reason: "Customer asked" }, "staff");
    expect(res.status).toBe(403);
    expect((await orderRow(o.id)).status).toBe("pending");
    expect(await refundRows(o.id)).toHaveLength(0);
  });

  it("staff may cancel a paid order whose total is within the limit", async () => {
    const o = await order();
    process.env.STAFF_REFUND_LIMIT_CENTS = String(o.totalCents);
    resetEnvCache();
    const res = await admin("cancel", o.id, { reason: "Customer asked" }, "staff");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await orderRow(o.id)).status).toBe("cancelled");
  });

  it("the limit holds per order: staff cannot empty an order in several refunds below it, nor refund and then cancel", async () => {
    const o = await order();
    const limit = limitBelow(o.totalCents);
    const half = Math.floor(limit / 2);
    expect((await admin("refund", o.id, { reason: "Part one", amountCents: half }, "staff")).status).toBe(200);
    const second = await admin("refund", o.id, { reason: "Part two", amountCents: limit - half + 1 }, "staff");
    expect(second.status).toBe(403);
    expect((await admin("cancel", o.id, { reason: "And the rest" }, "staff")).status).toBe(403);
    expect((await refundRows(o.id)).map((r) => r.amountCents)).toEqual([half]);
    // What is left within the limit still goes.
    expect((await admin("refund", o.id, { reason: "Part two", amountCents: limit - half }, "staff")).status).toBe(200);
  });

  it("the owner has no limit", async () => {
    const o = await order();
    limitBelow(o.totalCents);
    const res = await admin("refund", o.id, { reason: "Lost in the post" }, "admin");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await refundRows(o.id)).toMatchObject([{ status: "succeeded", amountCents: o.totalCents }]);
  });

  it("the default limit is 50 €", async () => {
    delete process.env.STAFF_REFUND_LIMIT_CENTS;
    resetEnvCache();
    const { env } = await import("@/lib/env");
    expect(env().STAFF_REFUND_LIMIT_CENTS).toBe(5000);
  });
});
