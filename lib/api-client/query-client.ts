import { isServer, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { clientMessage, HttpError } from "./fetcher";

export const STALE_TIME = 5 * 60 * 1000;
export const GC_TIME = 10 * 60 * 1000;

/** Never collected on the server: each gcTime timer keeps its whole render alive until it fires. */
export function gcTimeFor(server: boolean): number {
  return server ? Infinity : GC_TIME;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.isClientError) return false;
  return failureCount < 2;
}

export interface ToastHooks {
  queryFailed: (message: string) => void;
  mutationFailed: (message: string) => void;
}

function silent(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.status === 403);
}

export function makeQueryClient(toasts?: ToastHooks) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (silent(error) || query.meta?.silent) return;
        toasts?.queryFailed(error.message || clientMessage("fetchFailed"));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (silent(error) || mutation.meta?.silent) return;
        toasts?.mutationFailed(error.message || clientMessage("unknownError"));
      },
    }),
    defaultOptions: {
      queries: { staleTime: STALE_TIME, gcTime: gcTimeFor(isServer), refetchOnWindowFocus: false, retry: shouldRetryQuery },
      mutations: { retry: (count, error) => !(error instanceof HttpError && error.isClientError) && count < 1 },
    },
  });
}
