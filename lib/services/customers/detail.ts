import "server-only";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { addresses, authTokens, generations, images, orderAddresses, orders, users } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import type { CustomerDetail } from "@/lib/schemas/customers";
import { postal } from "../account/export";
import { iso, peopleSql, rowsOf, type PersonRow } from "./people";

const notFound = () => new ApiError(404, "errors.customerNotFound");
const TIMELINE = 40;

export async function findPerson(db: Db, userId: number): Promise<PersonRow> {
  const [person] = await rowsOf<PersonRow>(db, peopleSql(sql`id = ${userId}`, sql`select ${userId}::int as id`));
  if (!person) throw notFound();
  return { ...person, id: Number(person.id), user_ids: person.user_ids.map(Number) };
}

export async function customerDetail(userId: number): Promise<CustomerDetail> {
  const db = await getDb();
  const person = await findPerson(db, userId);
  const ids = person.user_ids;
  const [accounts, orderRows, imageCount, generated, links, saved] = await Promise.all([
    db
      .select({ id: users.id, phone: users.phone, createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(desc(users.id)),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        phone: orders.phone,
      })
      .from(orders)
      .where(inArray(orders.userId, ids))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    db.$count(images, inArray(images.ownerId, ids)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        failed: sql<number>`(count(*) filter (where ${generations.status} = 'FAILED'))::int`,
        micro: sql<number>`coalesce(sum(${generations.costMicroCents}), 0)::bigint`,
      })
      .from(generations)
      .where(inArray(generations.userId, ids)),
    db
      .select({ createdAt: authTokens.createdAt, purpose: authTokens.purpose })
      .from(authTokens)
      .where(inArray(authTokens.userId, ids))
      .orderBy(desc(authTokens.createdAt))
      .limit(TIMELINE),
    person.kind === "customer" ? db.select().from(addresses).where(eq(addresses.userId, userId)) : Promise.resolve([]),
  ]);
  const newest = accounts[0];
  const lastOrder = orderRows[0];
  const orderAddressRows =
    person.kind === "guest" && lastOrder ? await db.select().from(orderAddresses).where(eq(orderAddresses.orderId, lastOrder.id)) : [];

  const timeline: CustomerDetail["timeline"] = [];
  for (const a of accounts) {
    timeline.push({ at: a.createdAt.toISOString(), what: "accountCreated" });
    if (a.emailVerifiedAt) timeline.push({ at: a.emailVerifiedAt.toISOString(), what: "emailVerified" });
  }
  for (const o of orderRows) {
    timeline.push({ at: o.createdAt.toISOString(), what: "orderPlaced", detail: o.orderNumber });
    if (o.paidAt) timeline.push({ at: o.paidAt.toISOString(), what: "orderPaid", detail: o.orderNumber });
  }
  for (const l of links) timeline.push({ at: l.createdAt.toISOString(), what: "passwordLink", detail: l.purpose });
  timeline.sort((a, b) => b.at.localeCompare(a.at));

  return {
    id: Number(person.id),
    email: person.email,
    name: person.name,
    kind: person.kind,
    orders: Number(person.orders),
    spentCents: Number(person.spent),
    lastOrderAt: iso(person.last_order),
    phone: newest?.phone ?? lastOrder?.phone ?? null,
    createdAt: (accounts.at(-1)?.createdAt ?? new Date()).toISOString(),
    emailVerifiedAt: accounts.find((a) => a.emailVerifiedAt)?.emailVerifiedAt?.toISOString() ?? null,
    addresses: [...saved, ...orderAddressRows].map(postal),
    orderList: orderRows.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      totalCents: o.totalCents,
      createdAt: o.createdAt.toISOString(),
      paid: o.paidAt !== null,
    })),
    images: imageCount,
    generations: {
      count: Number(generated[0]?.count ?? 0),
      failed: Number(generated[0]?.failed ?? 0),
      aiCostCents: Math.round(Number(generated[0]?.micro ?? 0) / 1_000_000),
    },
    timeline: timeline.slice(0, TIMELINE),
  };
}
