import { createElement as h, Suspense } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { describe, expect, it } from "vitest";
import { hasOutlinedBoundary } from "@/tests/helpers/outlined-boundary";

// Pins React's 12,800-byte progressive chunk, which the start page's HTML budget relies on.
async function render(contentBytes: number): Promise<string> {
  const page = h(
    "html",
    null,
    h("body", null, h(Suspense, { fallback: h("p", null, "Loading…") }, h("main", null, "x".repeat(contentBytes)))),
  );
  return new Response(await renderToReadableStream(page)).text();
}

describe("React's progressive chunk", () => {
  it("sends ready content inline below 12.8 KB", async () => {
    const html = await render(12_000);
    expect(hasOutlinedBoundary(html)).toBe(false);
    expect(html).not.toContain("Loading…");
  });

  it("sends the fallback first and the content later above it", async () => {
    const html = await render(13_000);
    expect(hasOutlinedBoundary(html)).toBe(true);
    expect(html).toContain("Loading…");
    expect(html).toMatch(/\$RC\(/);
  });
});
