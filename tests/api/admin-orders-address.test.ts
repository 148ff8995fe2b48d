import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orderAddresses, orderEvents } from "@/db/schema";
import * as addressRoute from "@/app/api/admin/orders/[orderId]/shipping-address/route";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { call, cookieFor, type Role } from "../helpers/api";
import { seedOrder } from "../helpers/admin-orders-db";
import type { ErrorBody } from "../helpers/orders";
import { ANY_UUID, setupAdminOrderFixtures } from "../helpers/admin-orders";

setupAdminOrderFixtures();

const NEW = {
  firstName: "Anna",
  lastName: "Muster",
  street1: "Neue Straße 7",
  street2: "Hinterhaus",
  city: "Hamburg",
  postalCode: "20095",
  countryCode: "de",
};

const put = async (orderId: string, body: unknown, who: Role = "admin") =>
  call<AdminOrderDetail & ErrorBody>(addressRoute.PUT, {
    method: "PUT",
    path: `/api/admin/orders/${orderId}/shipping-address`,
    params: { orderId },
    body,
    cookie: await cookieFor(who),
  });

describe("PUT /api/admin/orders/{orderId}/shipping-address", () => {
  it("access: anonymous 401, customer 403; unknown order 404", async () => {
    const o = await seedOrder({ paid: true });
    expect((await put(o.id, NEW, "anonymous")).status).toBe(401);
    expect((await put(o.id, NEW, "customer")).status).toBe(403);
    expect((await put(ANY_UUID, NEW)).status).toBe(404);
  });

  it("bad input is 422 with the field", async () => {
    const o = await seedOrder({ paid: true });
    const res = await put(o.id, { ...NEW, postalCode: "" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty("postalCode");
    const unknown = await put(o.id, { ...NEW, countryCode: "XX" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty("countryCode");
  });

  it("while not shipped: the address changes and the timeline keeps the old and the new one; once shipped: 409", async () => {
    for (const status of ["pending", "processing"] as const) {
      const o = await seedOrder({ paid: true, status });
      const res = await put(o.id, NEW);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const db = await getDb();
      const [row] = await db
        .select()
        .from(orderAddresses)
        .where(and(eq(orderAddresses.orderId, o.id), eq(orderAddresses.kind, "shipping")));
      expect(row).toMatchObject({ street1: "Neue Straße 7", street2: "Hinterhaus", city: "Hamburg", countryCode: "DE" });
      const events = (await db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).filter(
        (e) => e.type === "address_corrected",
      );
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toMatchObject({ after: { street1: "Neue Straße 7", city: "Hamburg" } });
      expect((events[0]?.data as { before: { street1: string } }).before.street1).not.toBe("Neue Straße 7");
      // The same address again: nothing to record.
      await put(o.id, NEW);
      expect(
        (await db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).filter((e) => e.type === "address_corrected"),
      ).toHaveLength(1);
    }
    for (const status of ["shipped", "delivered", "cancelled"] as const) {
      const o = await seedOrder({ paid: status !== "cancelled", status });
      const res = await put(o.id, NEW);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("The shipping address can no longer be changed: the order has shipped or was cancelled.");
    }
  });
});
