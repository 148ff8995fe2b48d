import { describe, expect, it } from "vitest";
import { passwordHashCap } from "@/lib/security/password";

describe("the cap on concurrent password hashes leaves libuv threads for file and image work", () => {
  it("default pool (UV_THREADPOOL_SIZE unset, 4 threads) → 2 hashes at once", () => {
    expect(passwordHashCap({})).toBe(2);
  });

  it("is half the pool: 8 (npm start, npm run demo) → 4, 16 → 8, odd sizes round down", () => {
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "8" })).toBe(4);
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "16" })).toBe(8);
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "5" })).toBe(2);
  });

  it("PASSWORD_HASH_CONCURRENCY may lower it but never raise it past half the pool", () => {
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "8", PASSWORD_HASH_CONCURRENCY: "1" })).toBe(1);
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "8", PASSWORD_HASH_CONCURRENCY: "8" })).toBe(4);
    expect(passwordHashCap({ PASSWORD_HASH_CONCURRENCY: "4" })).toBe(2);
  });

  it("a pool of one thread still hashes (one at a time); a size that is no whole number counts as the smallest pool", () => {
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "1" })).toBe(1);
    for (const odd of ["0", "-3", "abc", "2.5", "8x"]) expect(passwordHashCap({ UV_THREADPOOL_SIZE: odd }), odd).toBe(1);
    // An empty variable is unset: libuv's default of 4.
    expect(passwordHashCap({ UV_THREADPOOL_SIZE: "" })).toBe(2);
  });
});

describe("npm start and npm run demo give the thread pool room beside the hashes", () => {
  it("both set UV_THREADPOOL_SIZE on the command line, before the process starts its pool, keeping an operator's value", async () => {
    const { default: pkg } = (await import("@/package.json")) as { default: { scripts: Record<string, string> } };
    for (const name of ["start", "demo"]) {
      expect(pkg.scripts[name], name).toMatch(/(^|&& )UV_THREADPOOL_SIZE=\$\{UV_THREADPOOL_SIZE:-8\} .*node .*scripts\/server\.mjs/);
    }
  });
});
