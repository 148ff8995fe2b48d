import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { AddCartItemBody, CartDto, CartSummaryDto, UpdateCartItemBody } from "@/lib/schemas/cart";

/** Invalidate `cartKeys.all` after any cart write or placed order. */
export const cartKeys = {
  all: ["cart"] as const,
  cart: () => [...cartKeys.all, "items"] as const,
  summary: () => [...cartKeys.all, "summary"] as const,
};

export const cartQueries = {
  cart: () => queryOptions({ queryKey: cartKeys.cart(), queryFn: ({ signal }) => apiFetch<CartDto>("/user/cart", { signal }) }),
  summary: () =>
    queryOptions({ queryKey: cartKeys.summary(), queryFn: ({ signal }) => apiFetch<CartSummaryDto>("/user/cart/summary", { signal }) }),
  /** Priced for a destination; `basis` (when the cart was last read) makes every cart change ask again. */
  summaryFor: (country: string, basis: number) =>
    queryOptions({
      queryKey: [...cartKeys.summary(), country, basis] as const,
      queryFn: ({ signal }) => apiFetch<CartSummaryDto>(`/user/cart/summary?country=${encodeURIComponent(country)}`, { signal }),
      placeholderData: keepPreviousData,
      meta: { silent: true },
    }),
};

/** Prices are never sent: the server takes them from the catalogue. */
export const cartApi = {
  add: (body: AddCartItemBody) => apiFetch<CartDto>("/user/cart/items", { method: "POST", body }),
  update: (itemId: number, body: UpdateCartItemBody) => apiFetch<CartDto>(`/user/cart/items/${itemId}`, { method: "PUT", body }),
  remove: (itemId: number) => apiFetch<CartDto>(`/user/cart/items/${itemId}`, { method: "DELETE" }),
  clear: () => apiFetch<CartDto>("/user/cart", { method: "DELETE" }),
  refreshPrices: () => apiFetch<CartDto>("/user/cart/refresh-prices", { method: "POST" }),
  applyDiscount: (code: string) => apiFetch<CartDto>("/user/cart/discount", { method: "POST", body: { code } }),
  removeDiscount: () => apiFetch<CartDto>("/user/cart/discount", { method: "DELETE" }),
};

export function cartQueryData(cart: CartDto) {
  return [
    [cartKeys.cart(), cart],
    [cartKeys.summary(), cart.summary],
  ] as const;
}

export async function applyCartAnswer(queryClient: QueryClient, cart: CartDto): Promise<void> {
  for (const [key, value] of cartQueryData(cart)) queryClient.setQueryData(key, value);
  await queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: "none" });
}

export const cartMutations = {
  add: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (body: AddCartItemBody) => cartApi.add(body),
      onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart),
    }),
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ itemId, quantity }: { itemId: number; quantity: number }) => cartApi.update(itemId, { quantity }),
      onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart),
    }),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (itemId: number) => cartApi.remove(itemId),
      onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart),
    }),
  clear: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: () => cartApi.clear(), onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart) }),
  applyDiscount: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (code: string) => cartApi.applyDiscount(code),
      onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart),
      meta: { silent: true },
    }),
  removeDiscount: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: () => cartApi.removeDiscount(), onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart) }),
  refreshPrices: (queryClient: QueryClient) =>
    mutationOptions({ mutationFn: () => cartApi.refreshPrices(), onSuccess: (cart: CartDto) => applyCartAnswer(queryClient, cart) }),
};
