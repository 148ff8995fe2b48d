import { z } from "zod";
import { placeOrderBody } from "@/lib/schemas/orders";

/**
 * The checkout form's rules in the browser: the placing body without its key; a cart with personalised
 * lines needs the withdrawal waiver ticked. Loaded with the form's first focus or submit
 * (checkout-form.tsx), not with the page.
 */
export function checkoutFormSchema(personalised: boolean) {
  return placeOrderBody.omit({ idempotencyKey: true }).extend({
    acceptWithdrawalWaiver: personalised ? z.literal(true, { error: "validation.withdrawalWaiverRequired" }) : z.boolean().optional(),
  });
}
