import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { orderAddresses, orderItems, orders, payments, type OrderStatus } from "@/db/schema";
import { vatInGross } from "@/lib/domain/pricing";

export interface SeedLine {
  articleName?: string;
  variantName?: string | null;
  colour?: string | null;
  quantity?: number;
  unitPriceCents: number;
  vatPercent: number;
  articleId?: number | null;
  imageId?: number | null;
}

export interface SeedAddress {
  firstName: string;
  lastName: string;
  street1: string;
  street2?: string | null;
  city: string;
  postalCode: string;
  countryCode: string;
}

export interface SeedOrder {
  orderNumber?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: OrderStatus;
  createdAt?: Date;
  lines?: SeedLine[];
  shippingCents?: number;
  paid?: boolean;
  refundedCents?: number;
  shipping?: SeedAddress;
  billing?: SeedAddress | null;
  userId?: number | null;
}

let counter = 0;

export async function seedOrder(
  input: SeedOrder = {},
): Promise<{ id: string; orderNumber: string; totalCents: number; itemIds: number[] }> {
  const db = await getDb();
  counter += 1;
  const lines = input.lines ?? [{ unitPriceCents: 1499, vatPercent: 19 }];
  const shippingCents = input.shippingCents ?? 490;
  const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * (l.quantity ?? 1), 0);
  const taxCents =
    lines.reduce((s, l) => s + vatInGross(l.unitPriceCents * (l.quantity ?? 1), l.vatPercent), 0) + vatInGross(shippingCents, 19);
  const totalCents = subtotalCents + shippingCents;
  const firstName = input.firstName ?? "Anna";
  const lastName = input.lastName ?? "Muster";
  const orderNumber = input.orderNumber ?? `TS-${process.pid}-${String(counter).padStart(5, "0")}`;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber,
      userId: input.userId ?? null,
      status: input.status ?? "pending",
      email: input.email ?? "anna@example.com",
      firstName,
      lastName,
      subtotalCents,
      shippingCents,
      taxCents,
      totalCents,
      idempotencyKey: randomUUID(),
      locale: "de",
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  if (!order) throw new Error("order inserted");
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        orderId: order.id,
        articleId: l.articleId ?? null,
        imageId: l.imageId ?? null,
        articleName: l.articleName ?? "Classic Mug",
        variantName: l.variantName === undefined ? "White" : l.variantName,
        colour: l.colour === undefined ? null : l.colour,
        quantity: l.quantity ?? 1,
        unitPriceCents: l.unitPriceCents,
        vatPercent: l.vatPercent,
        totalCents: l.unitPriceCents * (l.quantity ?? 1),
        personalised: l.imageId != null,
      })),
    )
    .returning({ id: orderItems.id });
  const shipping = input.shipping ?? {
    firstName,
    lastName,
    street1: "Hauptstraße 1",
    city: "Berlin",
    postalCode: "10115",
    countryCode: "DE",
  };
  const addressRows: (SeedAddress & { kind: "shipping" | "billing" })[] = [{ ...shipping, kind: "shipping" }];
  if (input.billing) addressRows.push({ ...input.billing, kind: "billing" });
  await db.insert(orderAddresses).values(
    addressRows.map((a) => ({
      orderId: order.id,
      kind: a.kind,
      firstName: a.firstName,
      lastName: a.lastName,
      street1: a.street1,
      street2: a.street2 ?? null,
      city: a.city,
      postalCode: a.postalCode,
      countryCode: a.countryCode,
    })),
  );
  if (input.paid) {
    const refunded = input.refundedCents ?? 0;
    await db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerPaymentId: `sbx_seed_${randomUUID()}`,
      status: refunded >= totalCents ? "refunded" : "succeeded",
      amountCents: totalCents,
      refundedCents: refunded,
      idempotencyKey: `seed:${order.id}`,
    });
  }
  return { id: order.id, orderNumber, totalCents, itemIds: items.map((i) => i.id) };
}
