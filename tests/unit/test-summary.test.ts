import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.join(process.cwd(), "scripts/test-summary.mjs");

type Files = Record<string, unknown>;
function summarise(files: Files, args: string[]): { status: number | null; lines: string[]; last: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  const r = spawnSync(process.execPath, [script, dir, ...args], { encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  const lines = r.stdout.trim().split("\n");
  return { status: r.status, lines, last: lines.at(-1) ?? "" };
}

const assertion = (status: "passed" | "failed" | "pending") => ({ title: `a ${status} test`, status });
function vitestReport(
  files: { name: string; status: "passed" | "failed"; tests: ("passed" | "failed" | "pending")[]; message?: string }[],
) {
  const tests = files.flatMap((f) => f.tests);
  const count = (s: string) => tests.filter((t) => t === s).length;
  return {
    numTotalTestSuites: files.length,
    numFailedTestSuites: files.filter((f) => f.status === "failed").length,
    numTotalTests: tests.length,
    numPassedTests: count("passed"),
    numFailedTests: count("failed"),
    numPendingTests: count("pending"),
    numTodoTests: 0,
    success: files.every((f) => f.status === "passed"),
    testResults: files.map((f) => ({
      name: `/repo/tests/${f.name}`,
      status: f.status,
      message: f.message ?? "",
      assertionResults: f.tests.map(assertion),
    })),
  };
}
const spec = (titles: string[]) => ({
  title: "a.spec.ts",
  specs: titles.map((title) => ({ title, tests: [{ status: "expected" }] })),
  suites: [],
});
function playwrightReport(stats: { expected: number; unexpected: number; flaky?: number; skipped?: number }, errors: string[] = []) {
  return { stats: { flaky: 0, skipped: 0, ...stats }, errors: errors.map((message) => ({ message })), suites: [] };
}

const greenVitest = vitestReport([{ name: "a.test.ts", status: "passed", tests: ["passed", "passed", "pending"] }]);

describe("scripts/test-summary.mjs", () => {
  it("all green: the passed, failed and skipped counts, exit 0", () => {
    const r = summarise(
      { "vitest-pglite.json": greenVitest, "playwright.json": playwrightReport({ expected: 3, unexpected: 0, flaky: 1 }) },
      ["--run", "vitest-pglite:0", "--run", "playwright:0"],
    );
    expect(r.last).toBe("total: 6 passed, 0 failed, 1 skipped");
    expect(r.status).toBe(0);
  });

  it("a failed test is a failure", () => {
    const report = vitestReport([{ name: "a.test.ts", status: "failed", tests: ["passed", "failed"] }]);
    const r = summarise({ "vitest-pglite.json": report }, ["--run", "vitest-pglite:1"]);
    expect(r.last).toBe("total: 1 passed, 1 failed (1 test)");
    expect(r.status).toBe(1);
  });

  it("a test file that fails to import (vitest's failed suite without a failed test) is a failure, named in the output", () => {
    const report = vitestReport([
      { name: "a.test.ts", status: "passed", tests: ["passed", "passed"] },
      {
        name: "b.test.ts",
        status: "failed",
        tests: [],
        message: "Cannot find module './does-not-exist' imported from /repo/tests/b.test.ts",
      },
    ]);
    const r = summarise({ "vitest-pglite.json": report }, ["--run", "vitest-pglite:1"]);
    expect(r.last).toBe("total: 2 passed, 1 failed (1 file)");
    expect(r.lines).toContain("vitest-pglite: 2 passed, 0 failed, 1 failed file");
    expect(r.lines.some((l) => l.includes("b.test.ts") && l.includes("Cannot find module"))).toBe(true);
    expect(r.status).toBe(1);
  });

  it("a file failing in a hook while its tests passed is a failed file; a file with failed tests is not counted twice", () => {
    const report = vitestReport([
      { name: "hook.test.ts", status: "failed", tests: ["passed"], message: "afterAll failed" },
      { name: "red.test.ts", status: "failed", tests: ["failed"] },
    ]);
    const r = summarise({ "vitest-postgres.json": report }, ["--run", "vitest-postgres:1"]);
    expect(r.last).toBe("total: 1 passed, 2 failed (1 test, 1 file)");
    expect(r.status).toBe(1);
  });

  it("a Playwright spec that fails to load (a top-level error, no test counted) is a failure", () => {
    const report = playwrightReport({ expected: 0, unexpected: 0 }, ["Error: Cannot find module './does-not-exist'\nRequire stack: …"]);
    const r = summarise({ "vitest-pglite.json": greenVitest, "playwright.json": report }, [
      "--run",
      "vitest-pglite:0",
      "--run",
      "playwright:1",
    ]);
    expect(r.last).toBe("total: 2 passed, 1 failed (1 file), 1 skipped");
    expect(r.lines).toContain("  failed file: Error: Cannot find module './does-not-exist'");
    expect(r.status).toBe(1);
  });

  it("a runner whose report is missing crashed: a failure", () => {
    const r = summarise({ "vitest-pglite.json": greenVitest }, ["--run", "vitest-pglite:0", "--run", "vitest-postgres:134"]);
    expect(r.lines).toContain("vitest-postgres: CRASHED — no readable report vitest-postgres.json (exit code 134)");
    expect(r.last).toBe("total: 2 passed, 1 failed (1 crashed runner), 1 skipped");
    expect(r.status).toBe(1);
  });

  it("a runner whose report is unreadable (cut off mid-write) crashed: a failure", () => {
    const r = summarise({ "vitest-pglite.json": greenVitest, "playwright.json": '{"stats":{"expected":4' }, [
      "--run",
      "vitest-pglite:0",
      "--run",
      "playwright:1",
    ]);
    expect(r.last).toBe("total: 2 passed, 1 failed (1 crashed runner), 1 skipped");
    expect(r.status).toBe(1);
  });

  it("a non-zero exit that the report does not explain (an unhandled error) is a crashed runner", () => {
    const r = summarise({ "vitest-pglite.json": greenVitest }, ["--run", "vitest-pglite:1"]);
    expect(r.lines).toContain("vitest-pglite: CRASHED — exit code 1 with no failure in its report");
    expect(r.last).toBe("total: 2 passed, 1 failed (1 crashed runner), 1 skipped");
    expect(r.status).toBe(1);
  });

  it("reports of runners that were not named are not read (a stale report cannot stand in for a crashed run)", () => {
    const red = vitestReport([{ name: "a.test.ts", status: "failed", tests: ["failed"] }]);
    const r = summarise({ "vitest-pglite.json": greenVitest, "vitest-postgres.json": red }, ["--run", "vitest-pglite:0"]);
    expect(r.last).toBe("total: 2 passed, 0 failed, 1 skipped");
    expect(r.status).toBe(0);
  });

  it("skipped suites are named with the count of what did not run, and alone do not fail the run", () => {
    const list = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 3 },
      errors: [],
      suites: [spec(["one", "two"]), { title: "b.spec.ts", specs: [], suites: [spec(["three"])] }],
    };
    const r = summarise({ "vitest-pglite.json": greenVitest, "playwright-list.json": list }, [
      "--run",
      "vitest-pglite:0",
      "--not-run",
      "vitest-postgres",
      "--not-run",
      "playwright",
    ]);
    expect(r.last).toBe("total: 2 passed, 0 failed, 1 skipped; NOT RUN: 3 unit + API tests on PostgreSQL, 3 browser tests");
    expect(r.status).toBe(0);
  });

  it("a skipped suite whose size is unknown is still named", () => {
    const r = summarise({ "vitest-pglite.json": greenVitest }, ["--run", "vitest-pglite:0", "--not-run", "playwright"]);
    expect(r.last).toBe("total: 2 passed, 0 failed, 1 skipped; NOT RUN: ? browser tests");
  });

  it("failed steps (lint, build, a suite required in CI) are failures", () => {
    const r = summarise({ "vitest-pglite.json": greenVitest }, [
      "--run",
      "vitest-pglite:0",
      "--failed-step",
      "lint",
      "--failed-step",
      "PostgreSQL not reachable (required in CI)",
      "--not-run",
      "vitest-postgres",
    ]);
    expect(r.lines).toContain("failed step: PostgreSQL not reachable (required in CI)");
    expect(r.last).toBe("total: 2 passed, 2 failed (2 steps), 1 skipped; NOT RUN: 3 unit + API tests on PostgreSQL");
    expect(r.status).toBe(1);
  });

  it("no test passed at all: exit 1", () => {
    const r = summarise({}, []);
    expect(r.last).toBe("total: 0 passed, 0 failed");
    expect(r.status).toBe(1);
  });
});
