"use client";

import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { applyCartAnswer, cartApi, cartKeys, cartQueries } from "@/lib/api-client/cart";

/**
 * Marks every ["cart", …] query stale. `later` leaves active ones alone: a screen about to be left
 * (a placed order) must not re-render with the emptied cart.
 */
export function invalidateCart(queryClient: QueryClient, later = false): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: later ? "none" : "active" });
}

/** How long a cart the server rendered the page with counts as fresh (no GET right after hydration). */
const SERVER_CART_FRESH_MS = 30_000;

/**
 * The cart with a current price-changed notice. `serverRendered`: the page put the cart, refreshed on
 * the server, into the query cache (HydrationBoundary, the /cart page): it shows at once and nothing
 * is fetched. Otherwise POST /api/user/cart/refresh-prices runs once when the screen opens (the server
 * writes only when the catalogue changed since the lines were priced); a cached cart shows at once and
 * the refreshed one replaces it. The refresh failing is silent: the cart as last snapshotted still
 * shows and placing an order checks again.
 */
export function useRefreshedCart(serverRendered = false) {
  const queryClient = useQueryClient();
  const cart = useQuery({ ...cartQueries.cart(), ...(serverRendered ? { staleTime: SERVER_CART_FRESH_MS } : {}) });
  const { mutate: refresh, isPending: refreshing } = useMutation({
    mutationFn: () => cartApi.refreshPrices(),
    onSuccess: async (answer) => {
      // A GET that started before the refresh could otherwise land later with the older state.
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      await applyCartAnswer(queryClient, answer);
    },
    meta: { silent: true },
  });
  useEffect(() => {
    if (!serverRendered) refresh();
  }, [refresh, serverRendered]);
  return { cart, refreshing };
}
