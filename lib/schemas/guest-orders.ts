import { z } from "zod";
import { newPassword } from "./account";
import { orderResponse } from "./orders";

/** Guest order link schemas (paths in docs/operations.md); no sign-in needed, the signed token is the access. */

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
