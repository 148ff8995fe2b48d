import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import de from "@/messages/de.json";
import { checkPhoto, MAX_PHOTO_BYTES, MAX_PHOTO_MB, MAX_UPLOAD_BYTES, PHOTO_TYPES } from "@/lib/domain/photo-limits";
import { IMAGE_BYTE_LIMITS } from "@/lib/integrations/images/intake";
import { checkTestPhoto } from "@/components/admin/prompts/prompt-form-model";

const MB = 1024 * 1024;

describe("one photo limit for the customer editor and the prompt tester", () => {
  it("a 10 MB phone photo is accepted by both; beyond the limit, or another type, is refused by both", () => {
    for (const check of [checkPhoto, checkTestPhoto]) {
      expect(check({ type: "image/jpeg", size: 10 * MB })).toBeNull();
      expect(check({ type: "image/jpeg", size: MAX_PHOTO_BYTES })).toBeNull();
      expect(check({ type: "image/jpeg", size: MAX_PHOTO_BYTES + 1 })).toBe("size");
      expect(check({ type: "image/bmp", size: MB })).toBe("type");
    }
    expect(PHOTO_TYPES).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp"]);
    expect(MAX_PHOTO_MB * MB).toBe(MAX_PHOTO_BYTES);
  });

  it("what is sent stays within the server's editor limit", () => {
    expect(IMAGE_BYTE_LIMITS.editor).toBe(MAX_UPLOAD_BYTES);
    expect(MAX_UPLOAD_BYTES).toBeLessThan(MAX_PHOTO_BYTES);
  });

  it("the texts take the limit from the constant instead of naming a number", () => {
    for (const messages of [en, de]) {
      for (const text of [messages.promptTester.photoHelp, messages.editor.upload.intro, messages.landing.uploadIntro]) {
        expect(text).toContain("{maxMb}");
        expect(text).not.toMatch(/\d+ MB/);
      }
    }
  });
});
