import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryObserver } from "@tanstack/react-query";
import { GC_TIME, gcTimeFor, makeQueryClient } from "@/lib/api-client/query-client";

afterEach(() => {
  vi.useRealTimers();
});

describe("the query client while a page renders on the server", () => {
  it("starts no garbage-collection timer: a timer per query kept every server render alive for ten minutes", () => {
    vi.useFakeTimers();
    const client = makeQueryClient();
    client.setQueryData(["session"], { authenticated: false });
    const observer = new QueryObserver(client, { queryKey: ["cart", "summary"], queryFn: () => null, enabled: false });
    const unsubscribe = observer.subscribe(() => {});
    unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
    client.clear();
  });

  it("keeps unused queries for GC_TIME in the browser", () => {
    expect(gcTimeFor(false)).toBe(GC_TIME);
    expect(gcTimeFor(true)).toBe(Infinity);
  });
});
