import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "@/tests/helpers/import-graph";

const tables = fs
  .readdirSync(path.join(root, "components/admin"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith("-table.tsx"))
  .map((f) => path.join(root, "components/admin", f));

describe("admin list tables", () => {
  it("finds the tables", () => {
    expect(tables.map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(["vat-table.tsx", "supplier-table.tsx", "order-table.tsx", "article-table.tsx"]),
    );
  });

  it.each(tables.map((f) => [path.relative(root, f), f]))("%s is a client component that only renders its props", (_name, file) => {
    const text = fs.readFileSync(file, "utf8");
    expect(text.startsWith('"use client";')).toBe(true);
    expect(text).not.toMatch(/\buse(State|Effect|Reducer|Query|Mutation)\b|next-intl\/server|@\/lib\/services/);
  });
});
