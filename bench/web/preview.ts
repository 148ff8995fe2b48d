import type { Browser } from "@playwright/test";
import { CPU_SLOWDOWN, NETWORK, newContext, servedGzipBytes } from "./measure";
import type { Design } from "./servers";

export interface PreviewFigures {
  coldMs: number;
  warmMs: number;
  scripts: { url: string; gzipBytes: number }[];
  mode: string;
}

function savedEditor(design: Design) {
  const photoVersion = 1;
  return {
    v: 1,
    step: 4,
    photo: null,
    photoVersion,
    crop: { crop: { x: 0, y: 0 }, zoom: 1, area: null, aspect: null },
    promptId: design.promptId,
    mugId: design.mugId,
    variantId: design.variantId,
    personal: null,
    useDifferentData: false,
    generation: {
      result: design.generation,
      signature: `${photoVersion}:${design.promptId}`,
      selectedImageId: design.generation.images[0]?.id ?? null,
    },
    job: null,
  };
}

const FIRST_FRAME = "mug-3d-first-frame";

export async function previewFirstFrame(browser: Browser, base: string, cookie: string, design: Design): Promise<PreviewFigures> {
  const origin = new URL(base).origin;
  const context = await newContext(browser, origin, cookie, true);
  try {
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key as string, value as string),
      ["mugshop.editor.v1", JSON.stringify(savedEditor(design))],
    );
    const tab = await context.newPage();
    await tab.goto(`${base}/editor`, { waitUntil: "load" });
    await tab.locator('[data-testid="editor"][data-step="generate"][data-restore="ready"]').waitFor({ timeout: 60_000 });
    await tab.locator('[data-testid="generated-image"]').first().waitFor();
    await tab.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);

    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    const scripts = new Set<string>();
    tab.on("request", (req) => {
      if (req.resourceType() === "script" && req.url().startsWith(origin)) scripts.add(req.url());
    });
    const open = async () => {
      await tab.evaluate((mark) => {
        performance.clearMarks(mark);
        performance.clearMarks("bench-open");
        performance.mark("bench-open");
        (document.querySelector('[data-testid="editor-next"]') as HTMLButtonElement).click();
      }, FIRST_FRAME);
      await tab.locator('[data-testid="mug-view"][data-mode="3d"], [data-testid="mug-view"][data-mode="2d"]').waitFor({ timeout: 120_000 });
      const mode = (await tab.locator('[data-testid="mug-view"]').getAttribute("data-mode")) ?? "";
      const ms = await tab.evaluate((mark) => {
        const [start] = performance.getEntriesByName("bench-open");
        const [frame] = performance.getEntriesByName(mark);
        return start && frame ? frame.startTime - start.startTime : Number.NaN;
      }, FIRST_FRAME);
      return { mode, ms };
    };

    const cold = await open();
    const fetched = [...scripts];
    await tab.locator('[data-testid="editor-back"]').click();
    await tab.locator('[data-testid="editor"][data-step="generate"]').waitFor();
    const warm = await open();
    return {
      coldMs: cold.ms,
      warmMs: warm.ms,
      scripts: await Promise.all(
        fetched.map(async (url) => ({ url: url.slice(origin.length), gzipBytes: await servedGzipBytes(url, cookie) })),
      ),
      mode: cold.mode,
    };
  } finally {
    await context.close();
  }
}
