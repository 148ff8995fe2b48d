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

/**
 * The cart, with POST /api/user/cart/refresh-prices run once when the screen opens so that the
 * price-changed notice is current. A cached cart shows at once; the refreshed one replaces it. The
 * refresh failing is silent: the cart as last snapshotted still shows and placing an order checks again.
 */
export function useRefreshedCart() {
  const queryClient = useQueryClient();
  const cart = useQuery(cartQueries.cart());
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
    refresh();
  }, [refresh]);
  return { cart, refreshing };
}
