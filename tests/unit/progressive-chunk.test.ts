import { createElement as h, Suspense } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { describe, expect, it } from "vitest";
import { hasOutlinedBoundary } from "@/tests/helpers/outlined-boundary";

/**
 * Why the start page's HTML has a budget (issue 12; tests/e2e/first-paint.spec.ts): React sends a Suspense
 * boundary whose content is ready inline only while the HTML flushed with it stays within 12,800 bytes;
 * past that it sends the fallback (for every screen of the shop: the full-screen loading indicator of
 * app/loading.tsx) and the content as a separate part, and the browser shows the content no sooner than
 * 300 ms after painting the fallback. This pins that behaviour of the React version in use, and the
 * check the browser test relies on.
 */
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
