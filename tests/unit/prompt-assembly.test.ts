import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { aiModels, prompts, slotTypes } from "@/db/schema";
import { PROMPTS, SLOT_TYPES } from "@/db/seed-data";
import { ApiError } from "@/lib/errors";
import { assemblePrompt } from "@/lib/services/prompt-assembly";

const ids = new Map<string, number>();

function idOf(promptNumber: string): number {
  const id = ids.get(promptNumber);
  if (id === undefined) throw new Error(`seeded prompt ${promptNumber} missing`);
  return id;
}

function seededPrompt(promptNumber: string) {
  const p = PROMPTS.find((x) => x.promptNumber === promptNumber);
  if (!p) throw new Error(`seed data has no ${promptNumber}`);
  return p;
}

function slotText(ref: string): string {
  const [type, name] = ref.split("/");
  const variant = SLOT_TYPES.find((t) => t.name === type)?.variants.find((v) => v.name === name);
  if (!variant) throw new Error(`seed data has no slot ${ref}`);
  return variant.prompt;
}

async function setPositions(order: string[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(slotTypes).set({ position: sql`${slotTypes.position} + 1000` });
    for (const [i, name] of order.entries())
      await tx
        .update(slotTypes)
        .set({ position: i + 1 })
        .where(eq(slotTypes.name, name));
  });
}

async function expect404(p: Promise<unknown>): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ status: 404, key: "errors.promptNotFound" });
}

beforeAll(async () => {
  const db = await getDb();
  for (const row of await db.select({ id: prompts.id, promptNumber: prompts.promptNumber }).from(prompts)) {
    if (row.promptNumber) ids.set(row.promptNumber, row.id);
  }
});

describe("assemblePrompt", () => {
  it("style text first, then the slot variants ordered by slot type position, as paragraphs", async () => {
    const watercolour = seededPrompt("P-003");
    const res = await assemblePrompt(idOf("P-003"));
    expect(res.text).toBe(
      [watercolour.styleText, slotText("Background/Enchanted forest"), slotText("Mood/Dreamy"), slotText("Lighting/Golden hour")].join(
        "\n\n",
      ),
    );
  });

  it("follows a reorder of the slot types", async () => {
    await setPositions(["Lighting", "Mood", "Background"]);
    try {
      const res = await assemblePrompt(idOf("P-003"));
      expect(res.text.split("\n\n")).toEqual([
        seededPrompt("P-003").styleText,
        slotText("Lighting/Golden hour"),
        slotText("Mood/Dreamy"),
        slotText("Background/Enchanted forest"),
      ]);
      const vintage = await assemblePrompt(idOf("P-006"));
      expect(vintage.text.split("\n\n").slice(1)).toEqual([slotText("Lighting/Golden hour"), slotText("Background/Beach at sunset")]);
    } finally {
      await setPositions(SLOT_TYPES.map((t) => t.name));
    }
    const restored = await assemblePrompt(idOf("P-006"));
    expect(restored.text.split("\n\n").slice(1)).toEqual([slotText("Background/Beach at sunset"), slotText("Lighting/Golden hour")]);
  });

  it("puts the master prompt first and the specific prompt last, each as a sentence", async () => {
    const pencil = seededPrompt("P-002");
    const res = await assemblePrompt(idOf("P-002"), {
      masterPrompt: "  Print-ready artwork for a mug  ",
      specificPrompt: "Make the background   plain white",
    });
    expect(res.text).toBe(["Print-ready artwork for a mug.", pencil.styleText, "Make the background plain white."].join("\n\n"));
    expect((await assemblePrompt(idOf("P-002"), { masterPrompt: "  ", specificPrompt: "" })).text).toBe(pencil.styleText);
  });

  it("answers with the prompt and the model it is set to", async () => {
    const db = await getDb();
    const res = await assemblePrompt(idOf("P-001"));
    const [model] = await db.select().from(aiModels).where(eq(aiModels.id, res.model.id));
    expect(res.prompt).toEqual({ id: idOf("P-001"), title: "Pop Art", llmId: res.model.id });
    expect(res.model).toEqual({ id: model?.id, provider: model?.provider, modelId: model?.modelId });
    expect(res.model.provider).toBe("offline");
  });

  it("unknown, archived and inactive prompts → 404 promptNotFound", async () => {
    await expect404(assemblePrompt(999_999));
    await expect404(assemblePrompt(idOf("P-007"))); // seeded as archived
    const db = await getDb();
    await db
      .update(prompts)
      .set({ active: false })
      .where(eq(prompts.id, idOf("P-004")));
    try {
      await expect404(assemblePrompt(idOf("P-004")));
    } finally {
      await db
        .update(prompts)
        .set({ active: true })
        .where(eq(prompts.id, idOf("P-004")));
    }
    await expect(assemblePrompt(idOf("P-004"))).resolves.toMatchObject({ prompt: { title: "Duotone" } });
  });
});
