import "server-only";
/** Queued in the transaction of the change, so a mail exists exactly when the change committed. */
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { orders, payments, users, type Order, type OrderItem } from "@/db/schema";
import type { CreditNoteKind } from "@/lib/domain/credit-note";
import { trackingUrl } from "@/lib/domain/tracking";
import { env, publicBaseUrl } from "@/lib/env";
import { formatEuro } from "@/lib/format";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import type { MailLink, MailMessage } from "@/lib/integrations/mail";
import { linkPlaceholder, newMailLink } from "../mail/links";
import type { Queryable } from "./core/dto";
import { escapeHtml } from "@/lib/security/html";
import { loadShopName } from "../brand";

type MailOrder = Pick<Order, "id" | "userId" | "email" | "firstName" | "orderNumber" | "locale">;

export interface OrderLink {
  url: string;
  guest: boolean;
  mail: MailLink;
}

/** In the caller's transaction, so a revocation of the order's links is seen. */
export async function orderLinkOf(db: Queryable, order: Pick<Order, "id" | "userId" | "email">): Promise<OrderLink> {
  const mail = newMailLink("order_status");
  const url = `${publicBaseUrl()}/order-status/${linkPlaceholder(mail)}`;
  const [row] = await db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, order.id));
  if (order.userId === null || !row) return { url, guest: false, mail };
  const [owner] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, roles: users.roles })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!owner || owner.passwordHash !== null || !owner.roles.includes("guest")) return { url, guest: false, mail };
  const claimable =
    owner.email.trim().toLowerCase() === order.email.trim().toLowerCase() &&
    Date.now() < row.createdAt.getTime() + env().GUEST_ORDER_LINK_CLAIM_DAYS * 86_400_000;
  if (!claimable) return { url, guest: false, mail };
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, owner.email), isNotNull(users.passwordHash)))
    .limit(1);
  return { url, guest: !account, mail };
}

const PAID: ("succeeded" | "refunded")[] = ["succeeded", "refunded"];

/** Otherwise anybody could make the shop write to a stranger by typing their address. */
export async function mayMailAbout(db: Queryable, order: Pick<Order, "id" | "userId" | "email">): Promise<boolean> {
  const paidOrder = (where: SQL | undefined) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(where, inArray(payments.status, PAID)))
      .limit(1);
  if ((await paidOrder(eq(orders.id, order.id))).length > 0) return true;
  if (order.userId === null) return false;
  const sameEmail = (column: typeof users.email | typeof orders.email) => sql`lower(${column}) = lower(${order.email})`;
  const [verified] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, order.userId), sameEmail(users.email), isNotNull(users.emailVerifiedAt)));
  if (verified) return true;
  return (await paidOrder(and(eq(orders.userId, order.userId), sameEmail(orders.email)))).length > 0;
}

const trIn = (locale: Locale, key: string, params?: Record<string, string | number>) => translate(locale, `orderMail.${key}`, params);

export function orderLinkText(link: OrderLink, locale: Locale): string[] {
  return [`${trIn(locale, "viewOrder")}: ${link.url}`, trIn(locale, link.guest ? "guestInvitation" : "viewOrders")];
}

export function orderLinkHtml(link: OrderLink, locale: Locale): string {
  return [
    `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(trIn(locale, "viewOrder"))}</a></p>`,
    `<p style="font-size:13px;color:#57534e">${escapeHtml(trIn(locale, "linkFallback"))}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`,
    `<p>${escapeHtml(trIn(locale, link.guest ? "guestInvitation" : "viewOrders"))}</p>`,
  ].join("\n");
}

export function colourName(item: Pick<OrderItem, "variantName" | "colour">): string | null {
  if (item.variantName) return item.variantName;
  return item.colour && !/#[0-9a-f]{3,8}\b/i.test(item.colour) ? item.colour : null;
}

interface MailBody {
  shopName: string;
  subject: string;
  paragraphs: string[];
  facts?: { label: string; value: string }[];
  link: OrderLink;
}

const tr = (order: MailOrder, key: string, params?: Record<string, string | number>) => translate(order.locale, `orderMail.${key}`, params);

const linkify = (p: string) => escapeHtml(p).replace(/https:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function compose(order: MailOrder, body: MailBody): MailMessage {
  const greeting = tr(order, "greeting", { firstName: order.firstName });
  const signature = tr(order, "signature", { shopName: body.shopName });
  const facts = [{ label: tr(order, "orderNumber"), value: order.orderNumber }, ...(body.facts ?? [])];
  const [intro, ...rest] = body.paragraphs;
  const linkLines = orderLinkText(body.link, order.locale);
  const text = [
    greeting,
    "",
    intro ?? "",
    "",
    ...facts.map((f) => `${f.label}: ${f.value}`),
    "",
    ...rest.flatMap((p) => [p, ""]),
    ...linkLines.flatMap((p) => [p, ""]),
    signature,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${order.locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro ?? "")}</p>`,
    `<p>${facts.map((f) => `${escapeHtml(f.label)}: <strong>${escapeHtml(f.value)}</strong>`).join("<br>")}</p>`,
    ...rest.map((p) => `<p>${linkify(p)}</p>`),
    orderLinkHtml(body.link, order.locale),
    `<p>${escapeHtml(signature)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: order.email, subject: body.subject, text, html, link: body.link.mail };
}

export async function shippedMail(db: Queryable, order: MailOrder & Pick<Order, "carrier" | "trackingNumber">): Promise<MailMessage> {
  const tracking = trackingUrl(order.carrier, order.trackingNumber);
  const facts = [
    ...(order.carrier ? [{ label: tr(order, "carrier"), value: order.carrier }] : []),
    ...(order.trackingNumber ? [{ label: tr(order, "trackingNumber"), value: order.trackingNumber }] : []),
  ];
  const shopName = await loadShopName(db);
  return compose(order, {
    shopName,
    subject: tr(order, "shippedSubject", { orderNumber: order.orderNumber, shopName }),
    paragraphs: [
      tr(order, "shippedIntro", { orderNumber: order.orderNumber }),
      ...(order.trackingNumber ? [tr(order, "shippedTracking")] : []),
      ...(tracking ? [tr(order, "shippedTrackingLink", { url: tracking })] : []),
      tr(order, "shippedOutro"),
    ],
    facts,
    link: await orderLinkOf(db, order),
  });
}

export async function cancelledMail(
  db: Queryable,
  order: MailOrder,
  opts: { reason?: string | null; refundedCents: number; creditNote: CreditNoteKind | null },
): Promise<MailMessage> {
  const amount = formatEuro(opts.refundedCents, order.locale);
  const shopName = await loadShopName(db);
  return compose(order, {
    shopName,
    subject: tr(order, "cancelledSubject", { orderNumber: order.orderNumber, shopName }),
    paragraphs: [
      tr(order, "cancelledIntro", { orderNumber: order.orderNumber }),
      ...(opts.refundedCents > 0 ? [tr(order, "cancelledRefund", { amount }), tr(order, "refundDelay")] : [tr(order, "cancelledNoCharge")]),
      ...(opts.creditNote ? [tr(order, opts.creditNote === "cancellation" ? "cancellationAttached" : "creditNoteAttached")] : []),
    ],
    facts: opts.reason ? [{ label: tr(order, "reason"), value: opts.reason }] : [],
    link: await orderLinkOf(db, order),
  });
}

export async function refundedMail(
  db: Queryable,
  order: MailOrder,
  opts: { amountCents: number; reason?: string | null; duplicate: boolean; creditNote: CreditNoteKind | null },
): Promise<MailMessage> {
  const amount = formatEuro(opts.amountCents, order.locale);
  const shopName = await loadShopName(db);
  return compose(order, {
    shopName,
    subject: tr(order, "refundedSubject", { orderNumber: order.orderNumber, shopName }),
    paragraphs: [
      tr(order, opts.duplicate ? "refundedDuplicate" : "refundedIntro", { amount, orderNumber: order.orderNumber }),
      tr(order, "refundDelay"),
      ...(opts.creditNote ? [tr(order, opts.creditNote === "cancellation" ? "cancellationAttached" : "creditNoteAttached")] : []),
    ],
    facts: opts.reason ? [{ label: tr(order, "reason"), value: opts.reason }] : [],
    link: await orderLinkOf(db, order),
  });
}
