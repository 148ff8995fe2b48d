import { describe, expect, it } from "vitest";
import { forRows } from "@/lib/integrations/ai/offline/pixels";

describe("forRows: the offline styles' pixel loops share the event loop", () => {
  it("visits every row once, in order", async () => {
    const seen: number[] = [];
    await forRows(37, (y) => seen.push(y));
    expect(seen).toEqual(Array.from({ length: 37 }, (_, y) => y));
  });

  it("lets other callbacks run between slices of slow rows (no single long stall)", async () => {
    const events: string[] = [];
    setImmediate(() => events.push("other work"));
    await forRows(32, (y) => {
      // Each row busy for 1 ms: 8 rows exceed the slice, so the loop must yield at least once.
      const until = performance.now() + 1;
      while (performance.now() < until);
      events.push(`row ${y}`);
    });
    const other = events.indexOf("other work");
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThan(events.length - 1);
    expect(events.filter((e) => e.startsWith("row"))).toHaveLength(32);
  });
});
