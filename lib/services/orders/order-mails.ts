import "server-only";
/**
 * The customer's mails about an order after it was paid: shipped, cancelled, refunded. Each is
 * written in the order's language (orders.locale) as plain text plus simple HTML, like the receipt
 * (receipt.ts). The callers queue them in the transaction of the change (queueMail), so a mail exists
 * exactly when the change committed.
 */
import type { Order } from "@/db/schema";
import { formatEuro } from "@/lib/format";
import { translate } from "@/lib/i18n/messages";
import type { MailMessage } from "@/lib/integrations/mail";

type MailOrder = Pick<Order, "email" | "firstName" | "orderNumber" | "locale">;

interface MailBody {
  subject: string;
  /** Paragraphs after the greeting. */
  paragraphs: string[];
  /** Label/value lines shown in bold (carrier, tracking number, reason). */
  facts?: { label: string; value: string }[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const tr = (order: MailOrder, key: string, params?: Record<string, string | number>) => translate(order.locale, `orderMail.${key}`, params);

/** Greeting, paragraphs, facts and signature as text and HTML, addressed to the order's customer. */
function compose(order: MailOrder, body: MailBody): MailMessage {
  const greeting = tr(order, "greeting", { firstName: order.firstName });
  const signature = tr(order, "signature");
  const facts = [{ label: tr(order, "orderNumber"), value: order.orderNumber }, ...(body.facts ?? [])];
  const [intro, ...rest] = body.paragraphs;
  const text = [greeting, "", intro ?? "", "", ...facts.map((f) => `${f.label}: ${f.value}`), "", ...rest.flatMap((p) => [p, ""]), signature].join("\n");
  const html = [
    `<!doctype html><html lang="${order.locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro ?? "")}</p>`,
    `<p>${facts.map((f) => `${escapeHtml(f.label)}: <strong>${escapeHtml(f.value)}</strong>`).join("<br>")}</p>`,
    ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(signature)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: order.email, subject: body.subject, text, html };
}

/** Mark as Completed: the parcel is on its way, with carrier and tracking number when the admin gave them. */
export function shippedMail(order: MailOrder & Pick<Order, "carrier" | "trackingNumber">): MailMessage {
  const facts = [
    ...(order.carrier ? [{ label: tr(order, "carrier"), value: order.carrier }] : []),
    ...(order.trackingNumber ? [{ label: tr(order, "trackingNumber"), value: order.trackingNumber }] : []),
  ];
  return compose(order, {
    subject: tr(order, "shippedSubject", { orderNumber: order.orderNumber }),
    paragraphs: [
      tr(order, "shippedIntro", { orderNumber: order.orderNumber }),
      ...(order.trackingNumber ? [tr(order, "shippedTracking")] : []),
      tr(order, "shippedOutro"),
      tr(order, "viewOrders"),
    ],
    facts,
  });
}

/**
 * The order was cancelled (by the customer or the shop). refundedCents is what this cancellation
 * gave back (0 for an unpaid order); withCreditNote says a credit note is attached.
 */
export function cancelledMail(order: MailOrder, opts: { reason?: string | null; refundedCents: number; withCreditNote: boolean }): MailMessage {
  const amount = formatEuro(opts.refundedCents, order.locale);
  return compose(order, {
    subject: tr(order, "cancelledSubject", { orderNumber: order.orderNumber }),
    paragraphs: [
      tr(order, "cancelledIntro", { orderNumber: order.orderNumber }),
      ...(opts.refundedCents > 0 ? [tr(order, "cancelledRefund", { amount }), tr(order, "refundDelay")] : [tr(order, "cancelledNoCharge")]),
      ...(opts.withCreditNote ? [tr(order, "creditNoteAttached")] : []),
      tr(order, "viewOrders"),
    ],
    facts: opts.reason ? [{ label: tr(order, "reason"), value: opts.reason }] : [],
  });
}

/**
 * Money was given back for the order (an admin's full or partial refund, a refund made at the
 * provider, or the automatic refund of a second payment: duplicate). The reason is shown when given.
 */
export function refundedMail(order: MailOrder, opts: { amountCents: number; reason?: string | null; duplicate: boolean; withCreditNote: boolean }): MailMessage {
  const amount = formatEuro(opts.amountCents, order.locale);
  return compose(order, {
    subject: tr(order, "refundedSubject", { orderNumber: order.orderNumber }),
    paragraphs: [
      tr(order, opts.duplicate ? "refundedDuplicate" : "refundedIntro", { amount, orderNumber: order.orderNumber }),
      tr(order, "refundDelay"),
      ...(opts.withCreditNote ? [tr(order, "creditNoteAttached")] : []),
      tr(order, "viewOrders"),
    ],
    facts: opts.reason ? [{ label: tr(order, "reason"), value: opts.reason }] : [],
  });
}
