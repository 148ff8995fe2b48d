import { randomUUID } from "node:crypto";
import { readBodyLimited } from "@/lib/api/body";
import { errorResponse } from "@/lib/api/route";
import { localeFromCookieHeader } from "@/lib/i18n/config";
import { receiveStripeWebhook } from "@/lib/services/orders";

/** Stripe events are a few kilobytes; anything far larger is not one. */
const MAX_EVENT_BYTES = 1024 * 1024;

export async function POST(req: Request): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  const locale = localeFromCookieHeader(null, req.headers.get("accept-language"));
  try {
    // The raw text exactly as signed (re-serialised JSON would break the signature), cut off at the limit.
    const raw = new TextDecoder().decode(await readBodyLimited(req, MAX_EVENT_BYTES));
    const outcome = await receiveStripeWebhook(raw, req.headers.get("stripe-signature"));
    return Response.json({ received: true, outcome }, { headers: { "x-request-id": requestId } });
  } catch (err) {
    // 4xx for a refused event; a 5xx makes Stripe retry (the event id was not recorded).
    return errorResponse(err, { requestId, locale, method: req.method, url: req.url });
  }
}
