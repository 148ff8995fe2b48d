import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function routePaths(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const rel = path.relative(path.join(root, "app"), path.dirname(full)).split(path.sep);
        out.push(`/${rel.map((s) => s.replace(/^\[\.\.\.(\w+)\]$/, "{...$1}").replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`);
      }
    }
  };
  walk(path.join(root, "app", "api"));
  return out.sort();
}

const doc = fs.readFileSync(path.join(root, "docs", "operations.md"), "utf8");
const start = doc.indexOf("\n## API\n");
const end = doc.indexOf("\n## ", start + 1);
const apiTable = start < 0 ? "" : doc.slice(start, end < 0 ? undefined : end);
const spans = [...apiTable.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
const strip = (p: string) => p.replace(/[?[].*$/, "").replace(/\/$/, "");

describe("API table in docs/operations.md", () => {
  const routes = routePaths();

  it("names every API route file", () => {
    const named = (route: string) =>
      spans.some((span) => {
        const paths = [...span.matchAll(/(\/api\/[^\s`,]*|…\/[^\s`,]*)/g)].map((m) => strip(m[1] ?? ""));
        return paths.some((p) => (p.startsWith("…") ? route.endsWith(p.slice(1)) : p === route));
      });
    const missing = routes.filter((r) => !named(r));
    expect(missing).toEqual([]);
  });

  it("names no /api path that does not exist", () => {
    const claimed = [...new Set(spans.flatMap((span) => [...span.matchAll(/(\/api\/[^\s`,]*)/g)].map((m) => strip(m[1] ?? ""))))];
    const unknown = claimed.filter((p) => !routes.includes(p));
    expect(unknown).toEqual([]);
  });
});
