import { z } from "zod";
import { newPassword } from "./account";
import { orderResponse } from "./orders";

/** No sign-in needed: the signed token is the access. */

// A malformed token is an invalid link (404), not an unknown route.
export const guestOrderParams = z.object({ token: z.string() });

export const guestOrderItemParams = guestOrderParams.extend({ itemId: z.coerce.number().int().positive() });

export const setPasswordBody = z.object({ password: newPassword });

export const guestOrderResponse = orderResponse.extend({
  canSetPassword: z.boolean(),
  actionsExpired: z.boolean(),
  accountExists: z.boolean(),
});

export type SetPasswordBody = z.input<typeof setPasswordBody>;
export type GuestOrderDto = z.infer<typeof guestOrderResponse>;
