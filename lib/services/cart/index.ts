import "server-only";

/** PGlite has one connection: the *InTx functions read only through `tx`. */
export { getCart, getCartSummary } from "./read";
export { addCartItem, clearCart, clearCartInTx, removeCartItem, removeOrderedFromCart, updateCartItem } from "./write";
export { applyCartDiscount, removeCartDiscount } from "./discount";
export { pricedCartForCheckout, refreshCartPrices, type CheckoutLine, type PricedCart } from "./checkout";
