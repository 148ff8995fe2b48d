import "server-only";

/**
 * Every function is scoped to one user: another user's item answers 404 like an unknown one. PGlite has
 * one connection, so the *InTx functions read only through `tx`: getDb() inside a transaction would wait forever.
 */
export { getCart, getCartSummary } from "./read";
export { addCartItem, clearCart, clearCartInTx, removeCartItem, removeOrderedFromCart, updateCartItem } from "./write";
export { applyCartDiscount, removeCartDiscount } from "./discount";
export { pricedCartForCheckout, refreshCartPrices, type CheckoutLine, type PricedCart } from "./checkout";
