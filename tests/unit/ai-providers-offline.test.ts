import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PROMPTS } from "@/db/seed-data";
import { generateWithDeadline, getImageModel } from "@/lib/integrations/ai/registry";
import {
  OFFLINE_STYLES,
  duotoneColours,
  offlineAdapter,
  pickOfflineStyle,
  stylePhoto,
  type OfflineStyle,
} from "@/lib/integrations/ai/offline";
import { fakeServer } from "../helpers/fake-provider";
import { eventually, failure, makePhoto, request, setEnv, setupProviderFixtures } from "../helpers/ai-providers";

setupProviderFixtures();

describe("registry", () => {
  it("a provider without a key falls back to the offline provider, and the result says so", async () => {
    setEnv({});
    for (const provider of ["openai", "google", "flux"] as const) {
      expect(getImageModel({ provider, modelId: "x" })).toBe(offlineAdapter);
    }
    const result = await generateWithDeadline(request("openai", "gpt-image-1"), 10_000);
    expect(result).toMatchObject({ provider: "offline", modelId: "offline-style", costMicroCents: 0 });
    expect(result.images).toHaveLength(1);
  });

  it("the caller's abort ends the call at once as a timeout", async () => {
    const server = await fakeServer(() => "hang");
    setEnv({ OPENAI_API_KEY: "sk-test-openai", OPENAI_BASE_URL: `${server.base}/v1` });
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 100);
    const err = await failure(generateWithDeadline(request("openai", "gpt-image-1", {}, caller.signal), 10_000));
    expect(err.kind).toBe("timeout");
    await eventually(() => server.closedSockets() >= 1);
  });
});

function seededPromptText(promptNumber: string): string {
  return PROMPTS.find((p) => p.promptNumber === promptNumber)?.styleText ?? "";
}

describe("offline provider", () => {
  const styleOf: Record<string, OfflineStyle> = {
    "P-001": "pop-art",
    "P-002": "pencil",
    "P-003": "watercolour",
    "P-004": "duotone",
    "P-005": "comic",
    "P-006": "vintage",
  };

  it("picks the style from the prompt text (each seeded prompt gets its own), deterministically otherwise", () => {
    for (const p of PROMPTS) {
      const expected = styleOf[p.promptNumber];
      if (expected) expect(pickOfflineStyle(p.styleText)).toBe(expected);
    }
    expect(pickOfflineStyle("Ein Aquarell mit weichen Farben")).toBe("watercolour");
    expect(duotoneColours(seededPromptText("P-004"), 0)).toEqual([
      [20, 33, 77],
      [255, 127, 102],
    ]);
    const neon = "Glowing neon tubes on a dark brick wall";
    expect(OFFLINE_STYLES).toContain(pickOfflineStyle(neon));
    expect(pickOfflineStyle(neon)).toBe(pickOfflineStyle(neon));
  });

  it("each style decodes, is print size: 2400 px on the long side (small photos upscaled), and looks different", async () => {
    const small = await makePhoto(400, 300);
    const thumbs = new Map<OfflineStyle, Buffer>();
    const outputs = new Map<OfflineStyle, Buffer>();
    for (const style of OFFLINE_STYLES) {
      const out = await stylePhoto({ data: small, mimeType: "image/jpeg" }, "any", { style });
      const meta = await sharp(out.data).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBe(2400);
      expect(meta.height).toBe(1800);
      outputs.set(style, out.data);
      thumbs.set(style, await sharp(out.data).resize(32, 24, { fit: "fill" }).removeAlpha().raw().toBuffer());
    }
    const original = await sharp(small).resize(32, 24, { fit: "fill" }).removeAlpha().raw().toBuffer();
    const distance = (a: Buffer, b: Buffer) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
      return sum / a.length;
    };
    for (const [style, thumb] of thumbs) {
      expect(distance(thumb, original), `${style} vs the photo`).toBeGreaterThan(8);
      for (const [other, otherThumb] of thumbs) {
        if (other !== style) expect(distance(thumb, otherThumb), `${style} vs ${other}`).toBeGreaterThan(8);
      }
    }
    const spread = async (style: OfflineStyle) => {
      const { channels } = await sharp(outputs.get(style) ?? Buffer.alloc(0)).stats();
      const means = channels.map((c) => c.mean);
      return Math.max(...means) - Math.min(...means);
    };
    expect(await spread("pencil")).toBeLessThan(await spread("pop-art"));
  }, 120_000); // six print-size (2400 px) pictures

  it("is deterministic for the same photo and prompt, and the adapter labels itself offline", async () => {
    const req = { ...request("offline", "offline-style"), prompt: "A watercolour portrait" };
    const a = await offlineAdapter.generate(req);
    const b = await offlineAdapter.generate(req);
    expect(a.provider).toBe("offline");
    expect(a.modelId).toBe("offline-style");
    expect(a.images[0]?.data.equals(b.images[0]?.data ?? Buffer.alloc(0))).toBe(true);
    const two = await offlineAdapter.generate({ ...req, settings: { n: 2, size: "1536x1024" } });
    expect(two.images).toHaveLength(2);
    expect(two.images[0]?.data.equals(two.images[1]?.data ?? Buffer.alloc(0))).toBe(false);
    expect((await sharp(two.images[0]?.data ?? Buffer.alloc(0)).metadata()).width).toBe(2400);
  }, 120_000); // four print-size (2400 px) pictures
});
