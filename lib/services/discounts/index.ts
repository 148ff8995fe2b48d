/**
 * Discount codes (server-only):
 *   admin.ts       the back office's list (uses, revenue) and CRUD
 *   uses.ts        checking a code for a customer, counting and releasing its uses
 *   cart-state.ts  the code on a cart and what it takes off the summary
 *   checkout.ts    the code in the transaction that places the order
 * The maths (split over the lines, VAT, shipping threshold) is pure: lib/domain/discount.ts.
 */
import "server-only";

export {
  createDiscountCode,
  deleteDiscountCode,
  getDiscountCodeOrThrow,
  listDiscountCodes,
  patchDiscountCode,
  updateDiscountCode,
} from "./admin";
