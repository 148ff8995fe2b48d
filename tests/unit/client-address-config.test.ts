import { describe, expect, it } from "vitest";
import { clientAddressProblem } from "@/lib/env";

const NPM_START = { PEER_ADDRESS_IN_FORWARDED_FOR: "true" };

describe("a production start refuses to run when it cannot know the client address", () => {
  it("plain `next start` (no scripts/server.mjs) with TRUSTED_PROXY_COUNT unset is refused, naming what to set", () => {
    const problem = clientAddressProblem({ NODE_ENV: "production" });
    expect(problem).toMatch(/npm start/);
    expect(problem).toMatch(/TRUSTED_PROXY_COUNT/);
  });

  it("TRUSTED_PROXY_COUNT=0 is refused in production, under npm start too", () => {
    for (const raw of [
      { NODE_ENV: "production", TRUSTED_PROXY_COUNT: "0" },
      { NODE_ENV: "production", TRUSTED_PROXY_COUNT: "0", ...NPM_START },
    ]) {
      const problem = clientAddressProblem(raw);
      expect(problem).toMatch(/TRUSTED_PROXY_COUNT=0/);
      expect(problem).toMatch(/number of proxies/);
    }
  });

  it("`npm start` with the default, or an explicit TRUSTED_PROXY_COUNT behind a real proxy, starts", () => {
    expect(clientAddressProblem({ NODE_ENV: "production", ...NPM_START })).toBeNull();
    expect(clientAddressProblem({ NODE_ENV: "production", ...NPM_START, TRUSTED_PROXY_COUNT: "2" })).toBeNull();
    // next start behind a platform or proxy the operator names explicitly (Vercel: 1).
    expect(clientAddressProblem({ NODE_ENV: "production", TRUSTED_PROXY_COUNT: "1" })).toBeNull();
  });

  it("development, tests and the build itself are not checked", () => {
    expect(clientAddressProblem({ NODE_ENV: "development" })).toBeNull();
    expect(clientAddressProblem({ NODE_ENV: "test", TRUSTED_PROXY_COUNT: "0" })).toBeNull();
    expect(clientAddressProblem({})).toBeNull();
    expect(clientAddressProblem({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).toBeNull();
  });

  it("scripts/server.mjs announces itself before Next loads", async () => {
    const fs = await import("node:fs");
    const server = fs.readFileSync("scripts/server.mjs", "utf8");
    const marker = server.indexOf('process.env.PEER_ADDRESS_IN_FORWARDED_FOR = "true"');
    expect(marker).toBeGreaterThan(0);
    expect(marker).toBeLessThan(server.indexOf('await import("next")'));
  });
});
