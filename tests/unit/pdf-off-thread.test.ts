import { createElement as h } from "react";
import * as renderer from "@react-pdf/renderer";
import { Document, Page, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { pdfWorkerCounts, renderPdf, toPdfTree } from "@/lib/integrations/pdf/off-thread";
import * as primitives from "@/lib/integrations/pdf/primitives";

const created = new Date("2026-01-15T10:00:00Z");
function Rows({ n }: { n: number }) {
  return h(View, null, ...Array.from({ length: n }, (_, i) => h(Text, { key: i, style: { fontSize: 9 } }, `line ${i + 1}`)));
}
const doc = () =>
  h(
    Document,
    { title: "Test", creator: "MugMagic", producer: "MugMagic", creationDate: created, modificationDate: created },
    h(
      Page,
      { size: "A4", style: { padding: 40 } },
      h(Rows, { n: 3 }),
      h(Text, {
        fixed: true,
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Seite ${pageNumber} von ${totalPages}`,
      }),
    ),
  );

describe("react-pdf documents rendered in a worker thread", () => {
  it("builds documents from the renderer's own primitives without loading it", () => {
    for (const name of ["Document", "Page", "Text", "View"] as const) expect(primitives[name]).toBe(renderer[name]);
    const styles = { a: { fontSize: 9 } };
    expect(primitives.pdfStyles(styles)).toEqual(renderer.StyleSheet.create(styles));
  });

  it("sends the tree as plain data: components called, dates and page-number text kept", () => {
    const [tree] = toPdfTree(doc());
    expect(tree).toMatchObject({ t: "DOCUMENT", p: { title: "Test", creationDate: { $date: created.toISOString() } } });
    const page = typeof tree === "object" ? tree.c[0] : undefined;
    expect(page).toMatchObject({
      t: "PAGE",
      c: [
        { t: "VIEW", c: [{ t: "TEXT", c: ["line 1"] }, { t: "TEXT" }, { t: "TEXT" }] },
        { t: "TEXT", p: { fixed: true, render: { $pages: "Seite \u0000P von \u0000T" } } },
      ],
    });
  });

  it("gives the same bytes as rendering on the main thread, from the worker", async () => {
    const before = pdfWorkerCounts();
    const inWorker = await renderPdf(doc());
    expect(pdfWorkerCounts()).toEqual({ worker: before.worker + 1, mainThread: before.mainThread });
    const inline = await renderToBuffer(doc());
    expect(inWorker.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(inWorker.equals(inline)).toBe(true);
  });
});
