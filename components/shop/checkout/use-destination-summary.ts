"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { cartQueries } from "@/lib/api-client/cart";
import { HttpError } from "@/lib/api-client/fetcher";
import type { CartDto, CartSummaryDto } from "@/lib/schemas/cart";

export interface DestinationSummary {
  summary: CartSummaryDto;
  /** A new country's price is on its way; the shown one may still be the last country's. */
  updating: boolean;
  /** Why the chosen country could not be priced (e.g. no zone ships there). */
  problem: string | null;
}

/** The cart comes priced for the home country; any other choice is priced by the server, never guessed here. */
export function useDestinationSummary(cart: UseQueryResult<CartDto>, country: string): DestinationSummary | null {
  const home = cart.data?.summary;
  const other = !!home && home.country !== country && /^[A-Z]{2}$/.test(country);
  const priced = useQuery({ ...cartQueries.summaryFor(country, cart.dataUpdatedAt), enabled: other });
  if (!home) return null;
  if (!other) return { summary: home, updating: false, problem: null };
  const problem = priced.isError ? (priced.error instanceof HttpError ? priced.error.message : String(priced.error)) : null;
  if (problem !== null) return { summary: home, updating: false, problem };
  return { summary: priced.data ?? home, updating: priced.isFetching || priced.data?.country !== country, problem };
}
