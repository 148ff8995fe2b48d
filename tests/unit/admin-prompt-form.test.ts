import { describe, expect, it } from "vitest";
import { promptBody, type PromptDto } from "@/lib/schemas/prompts";
import { composePromptText } from "@/lib/domain/prompt-text";
import {
  MAX_TEST_MODELS,
  checkTestPhoto,
  composedPreview,
  currentErrors,
  formatCost,
  formatDuration,
  initialValues,
  selectedSlotIds,
  toBody,
  toggleModel,
  withCategory,
  type PromptFormOptions,
} from "@/components/admin/prompts/prompt-form-model";

const options: PromptFormOptions = {
  categories: [
    { id: 1, name: "Art", subcategories: [{ id: 11, name: "Painting" }] },
    { id: 2, name: "Fun", subcategories: [{ id: 21, name: "Comic" }] },
  ],
  llms: [
    { id: 7, displayName: "Retired", provider: "openai", active: false, offline: true },
    { id: 8, displayName: "GPT Image", provider: "openai", active: true, offline: true },
    { id: 9, displayName: "Offline", provider: "offline", active: true, offline: true },
  ],
  // Listed out of position order on purpose.
  slotTypes: [
    { id: 3, name: "Lighting", position: 20 },
    { id: 4, name: "Background", position: 10 },
  ],
  slotVariants: [
    { id: 31, name: "Golden hour", slotTypeId: 3, prompt: "warm golden light", description: null },
    { id: 41, name: "Beach", slotTypeId: 4, prompt: "on a sunny beach", description: "Sand and sea" },
    { id: 42, name: "Studio", slotTypeId: 4, prompt: "in a studio", description: null },
  ],
  nextPromptNumber: "P-008",
};

const saved: PromptDto = {
  id: 5,
  title: "Watercolour",
  titleDe: "Aquarell",
  description: null,
  descriptionDe: "Sanft",
  promptNumber: "P-5",
  category: { id: 1, name: "Art" },
  subcategory: { id: 11, name: "Painting" },
  styleText: "Paint it as a watercolour",
  llm: { id: 7, provider: "openai", modelId: "gpt-image-1", displayName: "Retired" },
  active: true,
  archived: true,
  exampleImageId: 99,
  exampleImageUrl: "/api/images/99",
  slotVariants: [
    { slotId: 41, name: "Beach", slotTypeId: 4, slotTypeName: "Background", slotTypePosition: 10 },
    { slotId: 31, name: "Golden hour", slotTypeId: 3, slotTypeName: "Lighting", slotTypePosition: 20 },
  ],
  slotIds: [41, 31],
  composedPrompt: "Paint it as a watercolour.\n\non a sunny beach.\n\nwarm golden light.",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-02T00:00:00.000Z",
};

describe("admin prompt form – values and body", () => {
  it("a new prompt starts empty with the next number, the first active model and every slot type on none", () => {
    const v = initialValues(options);
    expect(v).toMatchObject({
      title: "",
      promptNumber: "P-008",
      categoryId: "",
      subcategoryId: "",
      llmId: "8",
      active: true,
      archived: false,
      exampleImage: null,
    });
    expect(v.slots).toEqual({ "3": "", "4": "" });
  });

  it("a single category is chosen for a new prompt", () => {
    expect(initialValues({ ...options, categories: options.categories.slice(0, 1) }).categoryId).toBe("1");
  });

  it("a saved prompt fills every field, its slot variants keyed by slot type", () => {
    const v = initialValues(options, saved);
    expect(v).toMatchObject({
      title: "Watercolour",
      titleDe: "Aquarell",
      description: "",
      descriptionDe: "Sanft",
      promptNumber: "P-5",
      categoryId: "1",
      subcategoryId: "11",
      llmId: "7",
      archived: true,
    });
    expect(v.exampleImage).toEqual({ id: 99, url: "/api/images/99" });
    expect(v.slots).toEqual({ "3": "31", "4": "41" });
  });

  it("the body passes the handler's schema and lists slot variants by slot type position", () => {
    const body = toBody(initialValues(options, saved), options);
    const parsed = promptBody.parse(body);
    expect(parsed).toMatchObject({
      title: "Watercolour",
      titleDe: "Aquarell",
      description: null,
      categoryId: 1,
      subcategoryId: 11,
      llmId: 7,
      exampleImageId: 99,
      archived: true,
    });
    expect(parsed.slotVariantIds).toEqual([41, 31]);
  });

  it("a newly uploaded image's id replaces the stored one", () => {
    expect(toBody(initialValues(options, saved), options, 123).exampleImageId).toBe(123);
  });

  it("required fields left empty give the spec's messages", () => {
    const parsed = promptBody.safeParse(toBody({ ...initialValues(options), llmId: "" }, options));
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries((parsed.success ? [] : parsed.error.issues).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      title: "validation.titleRequired",
      categoryId: "validation.categoryRequired",
      llmId: "validation.llmRequired",
      exampleImageId: "validation.exampleImageRequired",
    });
  });

  it("no subcategory is sent as null, no slot variant as an empty list", () => {
    const body = toBody({ ...initialValues(options), subcategoryId: "" }, options);
    expect(body.subcategoryId).toBeNull();
    expect(body.slotVariantIds).toEqual([]);
  });

  it("selectedSlotIds skips slot types set to none", () => {
    expect(selectedSlotIds({ ...initialValues(options), slots: { "3": "31", "4": "" } }, options)).toEqual([31]);
  });

  it("changing the category keeps the subcategory only when it belongs to the new category", () => {
    const v = initialValues(options, saved);
    expect(withCategory(v, "1", options).subcategoryId).toBe("11");
    expect(withCategory(v, "2", options)).toMatchObject({ categoryId: "2", subcategoryId: "" });
    expect(withCategory(v, "", options).subcategoryId).toBe("");
  });
});

describe("admin prompt form – live composed prompt", () => {
  it("equals composePromptText with the slot variants in slot type position order", () => {
    const v = initialValues(options, saved);
    const text = composedPreview(v, options);
    expect(text).toBe(
      composePromptText({
        styleText: "Paint it as a watercolour",
        slots: [
          { position: 10, text: "on a sunny beach" },
          { position: 20, text: "warm golden light" },
        ],
      }),
    );
    expect(text).toBe("Paint it as a watercolour.\n\non a sunny beach.\n\nwarm golden light.");
  });

  it("follows every change: another variant, none, and the style text", () => {
    const v = initialValues(options, saved);
    expect(composedPreview({ ...v, slots: { "3": "", "4": "42" } }, options)).toBe("Paint it as a watercolour.\n\nin a studio.");
    expect(composedPreview({ styleText: "  ", slots: { "3": "", "4": "" } }, options)).toBe("");
  });

  it("ignores a variant id the options do not know (deleted meanwhile)", () => {
    expect(composedPreview({ styleText: "Style!", slots: { "3": "999", "4": "" } }, options)).toBe("Style!");
  });
});

describe("admin prompt form – field errors", () => {
  const checked = initialValues(options);
  const errors = {
    title: "Title is required",
    exampleImageId: "Please upload an example image",
    "slotVariantIds.0": "Invalid value",
    llmId: "Please choose an AI model",
  };

  it("all errors show while nothing changed", () => {
    expect(currentErrors(errors, checked, checked, false)).toEqual(errors);
  });

  it("an error hides once its field changes; the others stay", () => {
    const now = { ...checked, title: "Pop art", slots: { ...checked.slots, "4": "41" } };
    expect(currentErrors(errors, checked, now, false)).toEqual({ exampleImageId: errors.exampleImageId, llmId: errors.llmId });
  });

  it("choosing a new example image hides the image error", () => {
    expect(currentErrors(errors, checked, checked, true)).not.toHaveProperty("exampleImageId");
  });

  it("errors before the first save show as they are", () => {
    expect(currentErrors(errors, null, checked, true)).toEqual(errors);
  });
});

describe("admin prompt test modal", () => {
  it("toggles models and never selects more than four", () => {
    let s = toggleModel([], 1);
    for (const id of [2, 3, 4, 5]) s = toggleModel(s, id);
    expect(s).toEqual([1, 2, 3, 4]);
    expect(s).toHaveLength(MAX_TEST_MODELS);
    expect(toggleModel(s, 2)).toEqual([1, 3, 4]);
  });

  it.each([
    [{ type: "image/jpeg", size: 25 * 1024 * 1024 }, null],
    [{ type: "image/webp", size: 25 * 1024 * 1024 + 1 }, "size"],
    [{ type: "image/heic", size: 1000 }, "type"],
    [{ type: "", size: 1000 }, "type"],
  ] as const)("checkTestPhoto(%o) → %s (25 MB like the customer editor)", (file, problem) => {
    expect(checkTestPhoto(file)).toBe(problem);
  });

  it.each([
    ["en", 4.2, "€0.042"],
    ["en", 0, "€0.00"],
    ["en", 123.456, "€1.2346"],
    ["de", 4.2, "0,042 €"],
  ])("formatCost(%s, %s ct) → %s", (locale, cents, text) => {
    expect(formatCost(cents, locale).replace(/\u00a0/g, " ")).toBe(text);
  });

  it.each([
    ["en", 12345, "12.3 s"],
    ["de", 12345, "12,3 s"],
    ["en", 0, "0.0 s"],
  ])("formatDuration(%s, %s ms) → %s", (locale, ms, text) => {
    expect(formatDuration(ms, locale)).toBe(text);
  });
});
