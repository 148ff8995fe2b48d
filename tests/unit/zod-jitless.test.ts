import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("instrumentation-client: zod parses without compiling in the browser", () => {
  it("sets jitless where zod reads it, without importing zod first", () => {
    // A process of its own: zod must load after the setting, as in the browser (test files share loaded modules).
    const script = `
      await import("./instrumentation-client.ts");
      const { z } = await import("zod");
      // A schema with an object parses (the path that would probe \`new Function\`).
      const parsed = z.object({ a: z.number() }).parse({ a: 1 });
      console.log(JSON.stringify({ jitless: z.config().jitless, parsed }));`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ jitless: true, parsed: { a: 1 } });
  });
});
