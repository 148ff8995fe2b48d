import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { MUG_ARTICLE, PROMPTS } from "@/db/seed-data";
import { mugSvg, renderPromptExample, samplePhotoSvg } from "@/lib/seed/example-art";

describe("demo catalogue pictures", () => {
  it("draw no text", () => {
    expect(samplePhotoSvg()).not.toMatch(/<text/);
    for (const v of MUG_ARTICLE.variants) expect(mugSvg(v.inside, v.outside)).not.toMatch(/<text/);
  });

  it("each seeded style gives a different picture of the same sample photo", async () => {
    const seen = new Set<string>();
    for (const p of PROMPTS) {
      const image = await renderPromptExample(p.styleText, p.art);
      expect([image.width, image.height, image.mimeType]).toEqual([512, 512, "image/webp"]);
      const { data } = await sharp(image.buffer).resize(8, 8, { fit: "fill" }).raw().toBuffer({ resolveWithObject: true });
      seen.add(data.toString("hex"));
    }
    expect(seen.size).toBe(PROMPTS.length);
  });
});
