import "server-only";
/** A link may be forwarded: it changes the order only for GUEST_ORDER_LINK_WRITE_DAYS. */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, orderItems, orders, users } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { verifyOrderLinkToken } from "@/lib/security/order-link";
import type { ViewerWithEmail } from "@/lib/request-context/viewer";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import { guestOrderResponse, type GuestOrderDto } from "@/lib/schemas/guest-orders";
import { requestClaimConfirmation, type ClaimRequest } from "@/lib/services/account/claim-mail";
import type { FileData } from "@/lib/request-context/file-data";
import { imageFile, orderLineMockupFile, orderLineMockups, type ServableImage } from "@/lib/services/images";
import type { MockupView } from "@/lib/domain/mug-mockup";
import { adminInvoiceFile, type InvoiceFile } from "@/lib/services/invoices";
import { consume, peek, secondsUntilReset } from "@/lib/services/rate-limit";
import { cancelOrderAs } from "./cancel";
import { loadBundle, toOrderDto } from "./core/dto";
import { expireUnpaidOrders } from "./expiry";

const HOUR = 3600;
const DAY_MS = 86_400_000;
const failureWindow = (clientIp: string) => ({ key: `order-link:fail:${clientIp}`, windowSeconds: HOUR });
const requestWindow = (orderId: string) => ({ key: `order-link:requests:${orderId}`, windowSeconds: HOUR });

const linkInvalid = () => new ApiError(404, "errors.linkInvalid");

const guestPath = (token: string) => `/api/guest/orders/${encodeURIComponent(token)}`;

export interface LinkedOrder {
  id: string;
  userId: number | null;
  email: string;
  createdAt: Date;
  writable: boolean;
}

export async function orderOfToken(token: string, clientIp: string, now: Date = new Date()): Promise<LinkedOrder> {
  const limits = env();
  const window = failureWindow(clientIp);
  if ((await peek(window)) >= limits.GUEST_ORDER_LINK_FAILURES_PER_HOUR) throw tooManyFailures(window.windowSeconds);
  const link = verifyOrderLinkToken(token, now);
  const [order] = link
    ? await (
        await getDb()
      )
        .select({ id: orders.id, userId: orders.userId, email: orders.email, createdAt: orders.createdAt, linkVersion: orders.linkVersion })
        .from(orders)
        .where(and(eq(orders.id, link.orderId), isNull(orders.customerErasedAt)))
    : [];
  if (!link || !order || order.linkVersion !== link.version) {
    const counted = await consume({ ...window, limit: limits.GUEST_ORDER_LINK_FAILURES_PER_HOUR });
    if (!counted.allowed) throw tooManyFailures(window.windowSeconds);
    throw linkInvalid();
  }
  const requests = await consume({ ...requestWindow(order.id), limit: limits.GUEST_ORDER_LINK_REQUESTS_PER_HOUR });
  if (!requests.allowed) throw new ApiError(429, "errors.rateLimitOrderLinkRequests", undefined, { retryAfter: requests.retryAfter });
  const writable = now.getTime() < link.issuedAt.getTime() + limits.GUEST_ORDER_LINK_WRITE_DAYS * DAY_MS;
  return { id: order.id, userId: order.userId, email: order.email, createdAt: order.createdAt, writable };
}

function tooManyFailures(windowSeconds: number): ApiError {
  return new ApiError(429, "errors.rateLimitOrderLink", undefined, { retryAfter: secondsUntilReset(windowSeconds) });
}

function requireWritable(order: LinkedOrder): void {
  if (!order.writable) throw new ApiError(403, "errors.orderLinkWriteExpired");
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function claimAllowed(order: LinkedOrder, ownerEmail: string, now: Date): boolean {
  return sameEmail(order.email, ownerEmail) && now.getTime() < order.createdAt.getTime() + env().GUEST_ORDER_LINK_CLAIM_DAYS * DAY_MS;
}

async function accountState(order: LinkedOrder, now: Date): Promise<{ canSetPassword: boolean; accountExists: boolean }> {
  const db = await getDb();
  const owner =
    order.userId === null
      ? undefined
      : (
          await db
            .select({ email: users.email, roles: users.roles, passwordHash: users.passwordHash })
            .from(users)
            .where(eq(users.id, order.userId))
        )[0];
  const [withPassword] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, (owner?.email ?? order.email).trim().toLowerCase()), isNotNull(users.passwordHash)))
    .limit(1);
  if (withPassword) return { canSetPassword: false, accountExists: true };
  if (!owner) return { canSetPassword: false, accountExists: false };
  const guest = owner.passwordHash === null && owner.roles.includes("guest") && !owner.roles.includes("admin");
  return { canSetPassword: guest && claimAllowed(order, owner.email, now), accountExists: false };
}

async function guestDto(token: string, order: LinkedOrder, locale: Locale, now: Date): Promise<GuestOrderDto> {
  const db = await getDb();
  const bundle = await loadBundle(db, order.id);
  if (!bundle) throw linkInvalid();
  const mockups = await orderLineMockups(db, bundle.items, (i) => {
    const at = (view: MockupView) => `${guestPath(token)}/items/${i.id}/mockups/${view}?v=${i.fingerprint}`;
    return { front: at("front"), left: at("left"), right: at("right") };
  });
  const dto = toOrderDto(bundle, locale, mockups);
  const state = await accountState(order, now);
  return guestOrderResponse.parse({
    ...dto,
    items: dto.items.map((i) => ({ ...i, imageUrl: i.imageUrl === null ? null : `${guestPath(token)}/items/${i.id}/image` })),
    ...state,
    cancellable: dto.cancellable && order.writable,
    canSetPassword: state.canSetPassword && order.writable,
    actionsExpired: !order.writable && (dto.cancellable || state.canSetPassword),
  });
}

/** These requests are anonymous: no provider reconciliation. */
export async function getGuestOrder(token: string, clientIp: string, locale: Locale, now: Date = new Date()): Promise<GuestOrderDto> {
  const order = await orderOfToken(token, clientIp, now);
  if (order.userId !== null) await expireUnpaidOrders(now, { userId: order.userId });
  return guestDto(token, order, locale, now);
}

export async function cancelGuestOrder(token: string, clientIp: string, locale: Locale, now: Date = new Date()): Promise<GuestOrderDto> {
  const order = await orderOfToken(token, clientIp, now);
  requireWritable(order);
  await cancelOrderAs(order.id, { by: { actor: "customer", userId: order.userId }, clientIp }, locale);
  return guestDto(token, order, locale, now);
}

export async function guestInvoiceFile(token: string, clientIp: string, invoiceId?: number): Promise<InvoiceFile> {
  const order = await orderOfToken(token, clientIp);
  return adminInvoiceFile(order.id, invoiceId);
}

export async function guestItemImage(token: string, clientIp: string, itemId: number): Promise<FileData> {
  const order = await orderOfToken(token, clientIp);
  const [row] = await (
    await getDb()
  )
    .select({ id: images.id, storageKey: images.storageKey, mimeType: images.mimeType, sizeBytes: images.sizeBytes })
    .from(orderItems)
    .innerJoin(images, eq(images.id, orderItems.imageId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
  if (!row) throw new ApiError(404, "errors.notFound");
  const image: ServableImage = { ...row, isPublic: false, etag: `"${row.storageKey}"` };
  return imageFile(image);
}

export async function guestItemMockup(token: string, clientIp: string, itemId: number, view: MockupView): Promise<FileData> {
  const order = await orderOfToken(token, clientIp);
  return orderLineMockupFile(order.id, itemId, view);
}

/** Neither link nor guest session proves the mailbox: the password is set once the mailed link is used (claim-mail.ts). */
export async function setGuestPassword(token: string, password: string, req: ClaimRequest, now: Date = new Date()): Promise<void> {
  const order = await orderOfToken(token, req.clientIp, now);
  requireWritable(order);
  if (order.userId === null) throw linkInvalid();
  const [owner] = await (
    await getDb()
  )
    .select({ email: users.email, passwordHash: users.passwordHash, roles: users.roles })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!owner) throw linkInvalid();
  if (owner.passwordHash !== null || !owner.roles.includes("guest") || (await hasPasswordAccount(owner.email)))
    throw new ApiError(409, "errors.accountExists");
  if (!claimAllowed(order, owner.email, now)) throw new ApiError(403, "errors.orderLinkNoClaim");
  await requestClaimConfirmation(order.userId, password, req);
}

export async function claimOwnGuestAccount(session: ViewerWithEmail, password: string, req: ClaimRequest): Promise<void> {
  if (!session.roles.includes("guest") || session.roles.includes("admin")) throw new ApiError(409, "errors.accountExists");
  const [own] = await (await getDb()).select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, session.user.id));
  if (!own || own.passwordHash !== null || (await hasPasswordAccount(session.user.email))) throw new ApiError(409, "errors.accountExists");
  await requestClaimConfirmation(session.user.id, password, req);
}

async function hasPasswordAccount(email: string): Promise<boolean> {
  const [row] = await (
    await getDb()
  )
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(users.passwordHash)))
    .limit(1);
  return row !== undefined;
}
