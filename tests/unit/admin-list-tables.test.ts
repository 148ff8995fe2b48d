import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "@/tests/helpers/import-graph";

/**
 * The back office's list tables are client components without state (issue 12): the page, a server
 * component, reads the service and hands the table plain rows, so the RSC payload carries each row as
 * data (about 100 bytes) instead of a second copy of its markup; the HTML is server-rendered as before.
 * `/admin/vat` with 50 rates went from 132 KB to 50 KB of HTML this way (npm run bench).
 */
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
    // No state, effects or server reads: markup from the rows it is given (its buttons are answered by the page's one host).
    expect(text).not.toMatch(/\buse(State|Effect|Reducer|Query|Mutation)\b|next-intl\/server|@\/lib\/services/);
  });
});
