// One key per checkout, so a double click, a retry or a reload places one order. The key belongs to its
// cart: after the cart changed, "Pay" places a new order instead of returning the old one.
const STORAGE_KEY = "checkout.idempotencyKey";
let fallback: { key: string; cart: string } | null = null;

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function read(): { key: string; cart: string } | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null");
    if (
      parsed &&
      typeof parsed === "object" &&
      "key" in parsed &&
      "cart" in parsed &&
      typeof parsed.key === "string" &&
      typeof parsed.cart === "string"
    ) {
      return { key: parsed.key, cart: parsed.cart };
    }
    return null;
  } catch {
    return fallback;
  }
}

export function checkoutIdempotencyKey(cart: string): string {
  const existing = read();
  if (existing && existing.cart === cart) return existing.key;
  const entry = { key: newKey(), cart };
  fallback = entry;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entry));
  } catch {
    /* storage disabled: the in-memory key still covers double clicks */
  }
  return entry.key;
}

export function cartFingerprint(cart: {
  items: { id: number; quantity: number; unitPriceCents: number }[];
  summary: { totalCents: number };
}): string {
  return `${cart.items.map((i) => `${i.id}x${i.quantity}@${i.unitPriceCents}`).join(",")}=${cart.summary.totalCents}`;
}

export function endCheckout(): void {
  fallback = null;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage disabled */
  }
}
