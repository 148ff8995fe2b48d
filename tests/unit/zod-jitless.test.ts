import { describe, expect, it } from "vitest";

describe("instrumentation-client: zod parses without compiling in the browser", () => {
  it("sets jitless where zod reads it, without importing zod first", async () => {
    const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
    const before = holder.__zod_globalConfig;
    delete holder.__zod_globalConfig;
    try {
      await import("@/instrumentation-client");
      // zod is loaded after the setting, as in the browser (fresh module registry per test file).
      const { z } = await import("zod");
      expect(z.config().jitless).toBe(true);
      // A schema with an object parses (the path that would probe `new Function`).
      expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
    } finally {
      if (before) holder.__zod_globalConfig = before;
      else delete holder.__zod_globalConfig;
    }
  });
});
