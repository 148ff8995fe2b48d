import type { ReactNode } from "react";
import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * Server side: hands answers the page read on the server to the browser's query cache, so the client
 * components below render them at once (no loading state, no layout shift, no GET after hydration).
 * An entry whose data is undefined is left out: the browser asks for it as usual.
 */
export function Prefetched({ data, children }: { data: ReadonlyArray<readonly [QueryKey, unknown]>; children: ReactNode }) {
  const queryClient = new QueryClient();
  for (const [key, value] of data) if (value !== undefined) queryClient.setQueryData(key, value);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
