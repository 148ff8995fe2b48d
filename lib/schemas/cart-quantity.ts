/** Without zod, so the cart page can check quantities without zod in its first load. */
export const MAX_QUANTITY = 99;

/** A whole number from 1 to MAX_QUANTITY. */
export const isCartQuantity = (quantity: number): boolean => Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
