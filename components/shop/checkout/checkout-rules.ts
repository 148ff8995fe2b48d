import { z } from "zod";
import { placeOrderBody } from "@/lib/schemas/orders";

/** Loaded with the form's first focus or submit, not with the page. */
export function checkoutFormSchema(personalised: boolean) {
  return placeOrderBody.omit({ idempotencyKey: true }).extend({
    acceptWithdrawalWaiver: personalised ? z.literal(true, { error: "validation.withdrawalWaiverRequired" }) : z.boolean().optional(),
  });
}
