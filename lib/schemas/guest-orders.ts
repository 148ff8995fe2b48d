import { z } from "zod";
import { newPassword } from "./account";
import { orderResponse } from "./orders";

/**
 * Guest order link contract (the signed link in every order mail; no sign-in needed):
 *
 *   GET  /api/guest/orders/{token}                    → GuestOrderDto
 *   POST /api/guest/orders/{token}/cancel             → GuestOrderDto (only while pending; a paid order is refunded)
 *   GET  /api/guest/orders/{token}/invoice[?invoiceId] → application/pdf (the invoice, or one of the order's credit notes)
 *   GET  /api/guest/orders/{token}/items/{itemId}/image → the line's design image
 *   POST /api/guest/orders/{token}/password           SetPasswordBody → session answer + session cookie (guest account only)
 *   POST /api/user/account/claim                       SetPasswordBody → session answer + cookie (a signed-in guest keeps their orders)
 *
 * An invalid, expired, tampered or revoked token answers 404 errors.linkInvalid; cancel and password
 * on a link older than GUEST_ORDER_LINK_WRITE_DAYS → 403 errors.orderLinkWriteExpired; more than
 * GUEST_ORDER_LINK_REQUESTS_PER_HOUR requests for one order → 429 errors.rateLimitOrderLinkRequests.
 */

// Any text: a malformed token is an invalid link (404 errors.linkInvalid), not an unknown route.
export const guestOrderParams = z.object({ token: z.string() });

export const guestOrderItemParams = guestOrderParams.extend({ itemId: z.coerce.number().int().positive() });

/** "Set a password" (same rule as registration); the repeat is checked in the browser. */
export const setPasswordBody = z.object({ password: newPassword });

export const guestOrderResponse = orderResponse.extend({
  /** The order belongs to a guest account without a password, placed with its email a few days ago, and the link may still act: the page offers "set a password". */
  canSetPassword: z.boolean(),
  /** The link is too old to cancel or set a password (it still shows the order): the page says so instead of offering them. */
  actionsExpired: z.boolean(),
  /** The order's email already has an account with a password: the page offers to sign in instead. */
  accountExists: z.boolean(),
});

export type SetPasswordBody = z.input<typeof setPasswordBody>;
export type GuestOrderDto = z.infer<typeof guestOrderResponse>;
