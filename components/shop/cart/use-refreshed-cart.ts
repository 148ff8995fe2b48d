"use client";

import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { applyCartAnswer, cartApi, cartKeys, cartQueries } from "@/lib/api-client/cart";

/** `later` leaves active queries alone: a screen about to be left must not re-render with the emptied cart. */
export function invalidateCart(queryClient: QueryClient, later = false): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: later ? "none" : "active" });
}

/** How long a cart the server rendered the page with counts as fresh (no GET right after hydration). */
const SERVER_CART_FRESH_MS = 30_000;

/** A line's mockup is made just after add-to-cart: while one is missing, the cart is read again a few times. */
const MOCKUP_POLL_MS = 1500;
const MOCKUP_POLLS = 6;

/** A server-rendered cart shows at once with no fetch; otherwise one refresh runs when the screen opens, and its failure is silent. */
export function useRefreshedCart(serverRendered = false) {
  const queryClient = useQueryClient();
  const cart = useQuery({
    ...cartQueries.cart(),
    ...(serverRendered ? { staleTime: SERVER_CART_FRESH_MS } : {}),
    refetchInterval: (query) =>
      query.state.data?.items.some((i) => i.mockups.front === null) && query.state.dataUpdateCount <= MOCKUP_POLLS ? MOCKUP_POLL_MS : false,
  });
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
