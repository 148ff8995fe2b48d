import "server-only";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  addresses,
  articles,
  auditLog,
  cartItems,
  carts,
  generations,
  images,
  invoices,
  orderAddresses,
  orderItems,
  orders,
  payments,
  refunds,
  staffInvitations,
  users,
  userTwoFactor,
} from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { FileData } from "@/lib/request-context/file-data";
import { isBackOfficeRoles, recordAudit, type AuditContext } from "../audit";
import { imageUrlOf } from "../images";
import { shopUrl } from "./links";
import { hasPasswordColumn, publicUserColumns } from "../users";

/** Art. 15 and 20 GDPR; provider ids, keys and session data are internal and stay out. */

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const postal = (a: typeof addresses.$inferSelect | typeof orderAddresses.$inferSelect) => ({
  kind: a.kind,
  firstName: a.firstName,
  lastName: a.lastName,
  street1: a.street1,
  street2: a.street2,
  postalCode: a.postalCode,
  city: a.city,
  countryCode: a.countryCode,
});

export interface AccountExport {
  exportedAt: string;
  account: Record<string, unknown>;
  savedAddresses: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  images: Record<string, unknown>[];
  generations: Record<string, unknown>[];
  cart: { items: Record<string, unknown>[] };
  auditLog?: Record<string, unknown>[];
  staffInvitations: Record<string, unknown>[];
}

export async function exportAccount(userId: number, requestUrl: string): Promise<AccountExport> {
  const db = await getDb();
  const [user] = await db
    .select({
      ...publicUserColumns,
      roles: users.roles,
      hasPassword: hasPasswordColumn,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();

  const [saved, orderRows, imageRows, generationRows, cartRows, auditRows, [twoFactor], invitationRows] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select().from(images).where(eq(images.ownerId, userId)).orderBy(asc(images.id)),
    db.select().from(generations).where(eq(generations.userId, userId)).orderBy(asc(generations.id)),
    db
      .select({ item: cartItems, articleName: articles.name })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .leftJoin(articles, eq(articles.id, cartItems.articleId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartItems.id)),
    db.select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(asc(auditLog.id)),
    // The secret and the recovery codes are credentials, not data to hand out.
    db.select({ enabledAt: userTwoFactor.enabledAt }).from(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    db.select().from(staffInvitations).where(eq(staffInvitations.email, user.email)).orderBy(asc(staffInvitations.id)),
  ]);

  const orderIds = orderRows.map((o) => o.id);
  const byOrder = async <T extends { orderId: string }>(rows: Promise<T[]>) => {
    const map = new Map<string, T[]>();
    for (const row of await rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
    return map;
  };
  const none = Promise.resolve([]);
  const [lines, orderAddressRows, paymentRows, refundRows, invoiceRows] = await Promise.all([
    byOrder(orderIds.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)) : none),
    byOrder(
      orderIds.length
        ? db.select().from(orderAddresses).where(inArray(orderAddresses.orderId, orderIds)).orderBy(asc(orderAddresses.id))
        : none,
    ),
    byOrder(orderIds.length ? db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id)) : none),
    byOrder(orderIds.length ? db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id)) : none),
    byOrder(orderIds.length ? db.select().from(invoices).where(inArray(invoices.orderId, orderIds)).orderBy(asc(invoices.id)) : none),
  ]);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...user,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      twoFactorEnabledAt: iso(twoFactor?.enabledAt ?? null),
    },
    savedAddresses: saved.map((a) => ({ ...postal(a), isDefault: a.isDefault, createdAt: iso(a.createdAt) })),
    orders: orderRows.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      createdAt: iso(o.createdAt),
      locale: o.locale,
      email: o.email,
      firstName: o.firstName,
      lastName: o.lastName,
      phone: o.phone,
      currency: o.currency,
      subtotalCents: o.subtotalCents,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      withdrawalWaiverAt: iso(o.withdrawalWaiverAt),
      shippedAt: iso(o.shippedAt),
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      deliveredAt: iso(o.deliveredAt),
      cancelledAt: iso(o.cancelledAt),
      cancelReason: o.cancelReason,
      lines: (lines.get(o.id) ?? []).map((l) => ({
        articleName: l.articleName,
        variantName: l.variantName,
        colour: l.colour,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        vatPercent: Number(l.vatPercent),
        totalCents: l.totalCents,
        personalised: l.personalised,
        imageId: l.imageId,
      })),
      addresses: (orderAddressRows.get(o.id) ?? []).map(postal),
      payments: (paymentRows.get(o.id) ?? []).map((p) => ({
        provider: p.provider,
        status: p.status,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        currency: p.currency,
        createdAt: iso(p.createdAt),
      })),
      refunds: (refundRows.get(o.id) ?? []).map((r) => ({
        amountCents: r.amountCents,
        currency: r.currency,
        reason: r.reason,
        status: r.status,
        createdAt: iso(r.createdAt),
      })),
      invoices: (invoiceRows.get(o.id) ?? []).map((i) => ({
        kind: i.kind,
        number: i.number,
        issuedAt: iso(i.issuedAt),
        netCents: i.netCents,
        taxCents: i.taxCents,
        grossCents: i.grossCents,
        currency: i.currency,
      })),
    })),
    images: imageRows.map((i) => ({
      id: i.id,
      type: i.type,
      url: shopUrl(imageUrlOf(i), requestUrl),
      mimeType: i.mimeType,
      width: i.width,
      height: i.height,
      sizeBytes: i.sizeBytes,
      sourceImageId: i.sourceImageId,
      clientNetworkHash: i.clientNetwork,
      createdAt: iso(i.createdAt),
    })),
    generations: generationRows.map((g) => ({
      prompt: g.promptText,
      provider: g.provider,
      model: g.model,
      status: g.status,
      sourceImageId: g.sourceImageId,
      startedAt: iso(g.startedAt),
      finishedAt: iso(g.finishedAt),
      errorMessage: g.errorMessage,
    })),
    cart: {
      items: cartRows.map(({ item, articleName }) => ({
        articleName,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        imageId: item.imageId,
        addedAt: iso(item.createdAt),
      })),
    },
    ...(auditRows.length
      ? {
          auditLog: auditRows.map((a) => ({
            at: iso(a.at),
            action: a.action,
            targetType: a.targetType,
            targetId: a.targetId,
            network: a.network,
            device: a.device,
            details: a.details,
          })),
        }
      : {}),
    staffInvitations: invitationRows.map((i) => ({
      email: i.email,
      firstName: i.firstName,
      lastName: i.lastName,
      createdAt: iso(i.createdAt),
      expiresAt: iso(i.expiresAt),
      acceptedAt: iso(i.acceptedAt),
    })),
  };
}

export function exportFileName(now = new Date()): string {
  return `mugmagic-data-${now.toISOString().slice(0, 10)}.json`;
}

export async function accountExportFile(userId: number, requestUrl: string, audit: AuditContext): Promise<FileData> {
  const data = await exportAccount(userId, requestUrl);
  const [user] = await (await getDb()).select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  if (user && isBackOfficeRoles(user.roles))
    await recordAudit(await getDb(), { ...audit, action: "account_exported", target: { type: "user", id: userId } });
  return {
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(data, null, 2),
    fileName: exportFileName(),
    cache: "no-store",
  };
}
