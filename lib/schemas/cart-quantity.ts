/** Without zod, so the cart page's first load needs no zod. */
export const MAX_QUANTITY = 99;

export const isCartQuantity = (quantity: number): boolean => Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
