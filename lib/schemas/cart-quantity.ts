/**
 * The cart's quantity rule, without zod: the cart page checks typed quantities with it (zod stays out of
 * the page's first load, issue 12) and lib/schemas/cart.ts builds the API's schema from the same limit.
 */
export const MAX_QUANTITY = 99;

/** A whole number from 1 to MAX_QUANTITY. */
export const isCartQuantity = (quantity: number): boolean => Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
