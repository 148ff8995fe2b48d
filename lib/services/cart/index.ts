import "server-only";

/**
 * The signed-in user's single cart (guests included). Every function is scoped to one user: an item
 * of anybody else's cart answers 404 exactly like an unknown one. Prices are gross cents snapshotted
 * from the catalogue when a line is added; refresh (and checkout) compare them with the catalogue.
 * Mug and variant names are shown in the caller's language (German or English, falling back to the
 * other), and an order stores them in the language the customer ordered in.
 *
 * PGlite runs one connection: a query through getDb() while a transaction is open waits for that
 * transaction forever. The *InTx functions therefore read only through the given `tx` (never the
 * catalogue cache), and the others never call getDb() inside their own transactions.
 */
export { getCart, getCartSummary } from "./read";
export { addCartItem, clearCart, clearCartInTx, removeCartItem, removeOrderedFromCart, updateCartItem } from "./write";
export { pricedCartForCheckout, refreshCartPrices, type CheckoutLine, type PricedCart } from "./checkout";
