import type { ReactNode } from "react";
import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from "@tanstack/react-query";

/** Seeds the browser's query cache so client components render at once, without a GET after hydration. */
export function Prefetched({ data, children }: { data: ReadonlyArray<readonly [QueryKey, unknown]>; children: ReactNode }) {
  const queryClient = new QueryClient();
  for (const [key, value] of data) if (value !== undefined) queryClient.setQueryData(key, value);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
