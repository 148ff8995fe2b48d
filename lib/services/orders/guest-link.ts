import "server-only";
/**
 * The guest order link (/order-status/{token}, in every order mail): whoever holds the signed,
 * expiring token (lib/auth/order-link.ts) may see that one order without signing in, cancel it while
 * the transition table lets the customer, download its invoice and credit notes, see its design
 * images, and — when the order belongs to a guest account without a password — set a password, which
 * turns that guest account into a customer account (lib/services/account/claim.ts) and signs it in.
 *
 * A token that is invalid, tampered, expired or names an order that no longer exists answers 404
 * errors.linkInvalid; every such answer counts against the client address, and past
 * GUEST_ORDER_LINK_FAILURES_PER_HOUR that address gets 429 on every token route for the rest of the
 * hour (valid links included), so guessing tokens stays expensive.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, orderItems, orders, users } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { verifyOrderLinkToken } from "@/lib/auth/order-link";
import type { Session } from "@/lib/auth/session";
import { hashPassword } from "@/lib/auth/password";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";
import { guestOrderResponse, type GuestOrderDto } from "@/lib/schemas/guest-orders";
import { claimGuestAccounts } from "@/lib/services/account/claim";
import { imageResponseFor, type ServableImage } from "@/lib/services/images";
import { adminInvoiceFile, type InvoiceFile } from "@/lib/services/invoices";
import { consume, peek, secondsUntilReset } from "@/lib/services/rate-limit";
import type { SessionUser } from "@/lib/services/users";
import { cancelOrderAs } from "./cancel";
import { loadBundle, toOrderDto } from "./dto";
import { expireUnpaidOrders } from "./expiry";
import { refreshPayment } from "./payments";

const HOUR = 3600;
const failureWindow = (clientIp: string) => ({ key: `order-link:fail:${clientIp}`, windowSeconds: HOUR });

const linkInvalid = () => new ApiError(404, "errors.linkInvalid");

/** The path of a token route (the images of the order page point here). */
const guestPath = (token: string) => `/api/guest/orders/${encodeURIComponent(token)}`;

/**
 * The order a token opens. Refuses (429) a client address that sent too many invalid tokens this
 * hour; an invalid token or a vanished order counts one failure and answers 404 errors.linkInvalid.
 * The order of an erased account is kept for the books only: its links open nothing.
 */
export async function orderOfToken(token: string, clientIp: string): Promise<{ id: string; userId: number | null; email: string }> {
  const limit = env().GUEST_ORDER_LINK_FAILURES_PER_HOUR;
  const window = failureWindow(clientIp);
  if ((await peek(window)) >= limit) throw tooManyFailures(window.windowSeconds);
  const verified = verifyOrderLinkToken(token);
  const [order] = verified
    ? await (await getDb()).select({ id: orders.id, userId: orders.userId, email: orders.email }).from(orders).where(and(eq(orders.id, verified.orderId), isNull(orders.customerErasedAt)))
    : [];
  if (!order) {
    const counted = await consume({ ...window, limit });
    if (!counted.allowed) throw tooManyFailures(window.windowSeconds);
    throw linkInvalid();
  }
  return order;
}

function tooManyFailures(windowSeconds: number): ApiError {
  return new ApiError(429, "errors.rateLimitOrderLink", undefined, { retryAfter: secondsUntilReset(windowSeconds) });
}

/** The account state the page needs: may the holder set a password, or does the email have an account already? */
async function accountState(userId: number | null, email: string): Promise<{ canSetPassword: boolean; accountExists: boolean }> {
  const db = await getDb();
  const [withPassword] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(users.passwordHash)))
    .limit(1);
  if (withPassword) return { canSetPassword: false, accountExists: true };
  if (userId === null) return { canSetPassword: false, accountExists: false };
  const [owner] = await db.select({ roles: users.roles, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const guest = !!owner && owner.passwordHash === null && owner.roles.includes("guest") && !owner.roles.includes("admin");
  return { canSetPassword: guest, accountExists: false };
}

/** The order as the guest page shows it: the order answer, images through the token, the account state. */
async function guestDto(token: string, orderId: string, locale: Locale): Promise<GuestOrderDto> {
  const bundle = await loadBundle(await getDb(), orderId);
  if (!bundle) throw linkInvalid();
  const dto = toOrderDto(bundle, locale);
  const owner = await (await getDb()).select({ email: users.email }).from(users).where(eq(users.id, bundle.order.userId ?? -1));
  const state = await accountState(bundle.order.userId, owner[0]?.email ?? bundle.order.email);
  return guestOrderResponse.parse({
    ...dto,
    items: dto.items.map((i) => ({ ...i, imageUrl: i.imageUrl === null ? null : `${guestPath(token)}/items/${i.id}/image` })),
    ...state,
  });
}

/**
 * GET /api/guest/orders/{token}: like the customer's own order answer (unpaid orders past the expiry
 * time expire first, a payment left half-made is completed, a Stripe payment reconciled).
 */
export async function getGuestOrder(token: string, clientIp: string, locale: Locale): Promise<GuestOrderDto> {
  const order = await orderOfToken(token, clientIp);
  if (order.userId !== null) await expireUnpaidOrders(new Date(), { userId: order.userId });
  await refreshPayment(order.id, locale);
  return guestDto(token, order.id, locale);
}

/** POST /api/guest/orders/{token}/cancel: the customer's cancellation (same path and table as My orders: only while pending). */
export async function cancelGuestOrder(token: string, clientIp: string, locale: Locale): Promise<GuestOrderDto> {
  const order = await orderOfToken(token, clientIp);
  await cancelOrderAs(order.id, { by: { actor: "customer", userId: order.userId } }, locale);
  return guestDto(token, order.id, locale);
}

/** GET /api/guest/orders/{token}/invoice[?invoiceId=]: as the customer's route (no invoice yet → 409; another order's document → 404). */
export async function guestInvoiceFile(token: string, clientIp: string, invoiceId?: number): Promise<InvoiceFile> {
  const order = await orderOfToken(token, clientIp);
  return adminInvoiceFile(order.id, invoiceId);
}

/** GET /api/guest/orders/{token}/items/{itemId}/image: the design printed on one line of this order (another order's line → 404). */
export async function guestItemImage(token: string, clientIp: string, itemId: number, ifNoneMatch: string | null): Promise<Response> {
  const order = await orderOfToken(token, clientIp);
  const [row] = await (await getDb())
    .select({ id: images.id, storageKey: images.storageKey, mimeType: images.mimeType, sizeBytes: images.sizeBytes })
    .from(orderItems)
    .innerJoin(images, eq(images.id, orderItems.imageId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
  if (!row) throw new ApiError(404, "errors.notFound");
  const image: ServableImage = { ...row, isPublic: false, etag: `"${row.storageKey}"` };
  return imageResponseFor(image, ifNoneMatch);
}

/**
 * POST /api/guest/orders/{token}/password: the order's guest account gets the password and becomes a
 * customer account (with the email's other guest orders); answers the account to sign in. An order
 * whose account already has a password (or whose email has one) → 409 errors.accountExists.
 */
export async function setGuestPassword(token: string, clientIp: string, password: string): Promise<SessionUser> {
  const order = await orderOfToken(token, clientIp);
  if (order.userId === null) throw linkInvalid();
  const [owner] = await (await getDb()).select({ email: users.email, passwordHash: users.passwordHash, roles: users.roles }).from(users).where(eq(users.id, order.userId));
  if (!owner) throw linkInvalid();
  // Checked before the (costly) hash; claimGuestAccounts checks again under its lock.
  if (owner.passwordHash !== null || !owner.roles.includes("guest")) throw new ApiError(409, "errors.accountExists");
  return claimGuestAccounts(owner.email, await hashPassword(password), { onlyUserId: order.userId });
}

/** POST /api/user/account/claim: a signed-in guest (order success page) sets a password for their own guest account. */
export async function claimOwnGuestAccount(session: Session, password: string): Promise<SessionUser> {
  if (!session.roles.includes("guest") || session.roles.includes("admin")) throw new ApiError(409, "errors.accountExists");
  const [own] = await (await getDb()).select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, session.user.id));
  if (!own || own.passwordHash !== null) throw new ApiError(409, "errors.accountExists");
  return claimGuestAccounts(session.user.email, await hashPassword(password), { onlyUserId: session.user.id });
}
