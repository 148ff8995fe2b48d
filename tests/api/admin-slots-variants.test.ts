import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as type from "@/app/api/admin/prompts/prompt-slot-types/[slotTypeId]/route";
import * as variants from "@/app/api/admin/prompts/slot-variants/route";
import * as variant from "@/app/api/admin/prompts/slot-variants/[slotVariantId]/route";
import * as variantsOfType from "@/app/api/admin/prompts/slot-variants/type/[typeId]/route";
import { getDb } from "@/db/client";
import { prompts, promptSlotVariants, slotVariants } from "@/db/schema";
import type { SlotVariantDto } from "@/lib/schemas/prompts";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import { storeImage } from "@/lib/services/images";
import { assemblePrompt } from "@/lib/services/prompt-assembly";
import { call } from "../helpers/api";
import {
  Envelope,
  admin,
  typeParams,
  variantParams,
  seedType,
  createType,
  putType,
  listVariants,
  seedVariant,
  png,
  uploadExample,
  imageExists,
  imageFileExists,
  validVariantBody,
  createVariant,
  withTrigger,
  setupSlotStorage,
} from "../helpers/admin-slots";

setupSlotStorage();

// ── Slot variants ──────────────────────────────────────────────────────────────────────────────────

describe("GET /api/admin/prompts/slot-variants", () => {
  it("GET /api/admin/prompts/slot-variants – every variant with slot type, LLM, prompt count and created date, by type position then name", async () => {
    const list = await listVariants();
    const typePositions = list.map((v) => v.slotType.position);
    expect(typePositions).toEqual([...typePositions].sort((a, b) => a - b));
    const background = list.filter((v) => v.slotType.name === "Background").map((v) => v.name);
    expect(background.slice(0, 3)).toEqual(["Beach at sunset", "City skyline", "Enchanted forest"]);
    const city = list.find((v) => v.name === "City skyline");
    expect(city).toMatchObject({
      prompt: "Place the subject in front of a city skyline with tall buildings.",
      description: "Urban backdrop",
      promptCount: 1,
      slotType: { name: "Background" },
    });
    expect(city?.llm.displayName).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(city?.createdAt ?? ""))).toBe(false);
    expect(list.find((v) => v.name === "Studio softbox")?.promptCount).toBe(0);
  });

  it("GET /api/admin/prompts/slot-variants?typeId= – only that type's variants", async () => {
    const mood = await seedType("Mood");
    const list = await listVariants(`?typeId=${mood.id}`);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((v) => v.slotType.id === mood.id)).toBe(true);
    expect(list.map((v) => v.name)).toEqual(expect.arrayContaining(["Cheerful", "Dramatic", "Dreamy"]));
  });

  it("GET /api/admin/prompts/slot-variants?q= – name, prompt text or description contains the text (case-insensitive, % literal); combines with typeId", async () => {
    expect((await listVariants("?q=SKYLINE")).map((v) => v.name)).toEqual(["City skyline"]);
    expect((await listVariants("?q=softbox")).map((v) => v.name)).toContain("Studio softbox");
    expect((await listVariants("?q=Fairy-tale")).map((v) => v.name)).toEqual(["Enchanted forest"]);
    expect(await listVariants("?q=%25")).toEqual([]);
    const mood = await seedType("Mood");
    expect(await listVariants(`?typeId=${mood.id}&q=skyline`)).toEqual([]);
  });

  it("GET /api/admin/prompts/slot-variants?typeId= – an unknown type lists nothing; a malformed one → 422", async () => {
    expect(await listVariants("?typeId=999999")).toEqual([]);
    const res = await call<Envelope>(variants.GET, { path: "/api/admin/prompts/slot-variants?typeId=abc", cookie: await admin() });
    expect(res.status).toBe(422);
  });

  it('GET /api/admin/prompts/slot-variants/type/{typeId} – one type\'s variants; unknown type → 404 "Slot type not found"', async () => {
    const lighting = await seedType("Lighting");
    const res = await call<SlotVariantDto[]>(variantsOfType.GET, { params: { typeId: String(lighting.id) }, cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body.map((v) => v.name)).toEqual(expect.arrayContaining(["Golden hour", "Studio softbox"]));
    expect(res.body.every((v) => v.slotType.id === lighting.id)).toBe(true);
    const missing = await call<Envelope>(variantsOfType.GET, { params: { typeId: "999999" }, cookie: await admin() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Slot type not found");
  });

  it('GET /api/admin/prompts/slot-variants/{slotVariantId} – one variant; unknown → 404 "Slot variant not found"', async () => {
    const dreamy = await seedVariant("Mood", "Dreamy");
    const res = await call<SlotVariantDto>(variant.GET, { params: variantParams(dreamy.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(dreamy);
    const missing = await call<Envelope>(variant.GET, { params: variantParams(999_999), cookie: await admin() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Slot variant not found");
  });
});

describe("POST /api/admin/prompts/slot-variants", () => {
  it("POST /api/admin/prompts/slot-variants – creates with an uploaded example image (201): trimmed, empty description null, created date", async () => {
    const image = await uploadExample();
    const body = await validVariantBody({ name: "  Desert dunes ", description: "", exampleImageId: image.id });
    const res = await createVariant(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Desert dunes",
      slotType: { id: body.slotTypeId, name: "Scratch" },
      llm: { id: body.llmId },
      prompt: body.prompt,
      description: null,
      exampleImageId: image.id,
      exampleImageUrl: `/api/images/${image.id}`,
      promptCount: 0,
    });
    expect(Math.abs(Date.parse(res.body.createdAt) - Date.now())).toBeLessThan(60_000);
    expect((await listVariants()).some((v) => v.id === res.body.id)).toBe(true);
  });

  it("POST /api/admin/prompts/slot-variants – without an example image (optional) → 201 with no image", async () => {
    const res = await createVariant(await validVariantBody({ name: "No picture", description: "Plain" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ exampleImageId: null, exampleImageUrl: null, description: "Plain" });
  });

  const bad: { title: string; body: Record<string, unknown>; field: string; message: string }[] = [
    { title: "name missing", body: { name: undefined }, field: "name", message: "Name is required" },
    { title: "name blank", body: { name: "  " }, field: "name", message: "Name is required" },
    { title: "name 256 characters", body: { name: "v".repeat(256) }, field: "name", message: "Name must be at most 255 characters" },
    { title: "slot type missing", body: { slotTypeId: undefined }, field: "slotTypeId", message: "Please choose a slot type" },
    { title: "slot type as text", body: { slotTypeId: "1" }, field: "slotTypeId", message: "Please choose a slot type" },
    { title: "slot type zero", body: { slotTypeId: 0 }, field: "slotTypeId", message: "Please choose a slot type" },
    { title: "LLM missing", body: { llmId: undefined }, field: "llmId", message: "Please choose an AI model" },
    { title: "LLM null", body: { llmId: null }, field: "llmId", message: "Please choose an AI model" },
    { title: "prompt missing", body: { prompt: undefined }, field: "prompt", message: "Prompt is required" },
    { title: "prompt blank", body: { prompt: " \n " }, field: "prompt", message: "Prompt is required" },
    { title: "prompt 8001 characters", body: { prompt: "p".repeat(8001) }, field: "prompt", message: "Text is too long" },
    { title: "description 2001 characters", body: { description: "d".repeat(2001) }, field: "description", message: "Text is too long" },
    { title: "example image negative", body: { exampleImageId: -3 }, field: "exampleImageId", message: "Invalid value" },
  ];
  for (const row of bad) {
    it(`POST /api/admin/prompts/slot-variants – ${row.title} → 422 with field message`, async () => {
      const before = (await listVariants()).length;
      const res = await createVariant(await validVariantBody(row.body));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await listVariants()).length).toBe(before);
    });
  }

  it('POST /api/admin/prompts/slot-variants – unknown slot type, LLM and image → 422 "This entry does not exist" on every one of them', async () => {
    const before = (await listVariants()).length;
    const res = await createVariant(await validVariantBody({ slotTypeId: 999_999, llmId: 999_998, exampleImageId: 999_997 }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      slotTypeId: "This entry does not exist",
      llmId: "This entry does not exist",
      exampleImageId: "This entry does not exist",
    });
    expect((await listVariants()).length).toBe(before);
  });

  it("POST /api/admin/prompts/slot-variants – a customer's uploaded (non-catalogue) image cannot be the example → 422 on exampleImageId", async () => {
    const own = await storeImage({ bytes: await png("#a33"), use: "catalogue", format: "webp", type: "UPLOADED", ownerId: null });
    const res = await createVariant(await validVariantBody({ exampleImageId: own.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ exampleImageId: "This entry does not exist" });
  });

  it("POST /api/admin/prompts/slot-variants – the slot type deleted meanwhile (FK) → 422 on slotTypeId, never 500", async () => {
    const { id: typeId } = (await createType({ name: "Vanishing type" })).body;
    // The check passes; the row then names a type that is gone by the time it is written (the FK names slotTypeId).
    await withTrigger("slot_variants", "BEFORE INSERT", "NEW.name = 'Orphan'", "NEW.slot_type_id := 999999", async () => {
      const res = await createVariant(await validVariantBody({ slotTypeId: typeId, name: "Orphan" }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ slotTypeId: "This entry does not exist" });
    });
  });

  it("POST /api/admin/prompts/slot-variants – answers in German for a German caller", async () => {
    const res = await call<Envelope>(variants.POST, {
      method: "POST",
      body: await validVariantBody({ prompt: "" }),
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.errors?.prompt).toBe("Prompt ist erforderlich");
  });
});

describe("PUT /api/admin/prompts/slot-variants/{slotVariantId}", () => {
  it("PUT /api/admin/prompts/slot-variants/{slotVariantId} – replaces every field, moves it to another type, keeps the created date", async () => {
    const created = (await createVariant(await validVariantBody({ name: "Before", description: "old" }))).body;
    const mood = await seedType("Mood");
    const res = await call<SlotVariantDto>(variant.PUT, {
      method: "PUT",
      params: variantParams(created.id),
      body: { name: "After", slotTypeId: mood.id, llmId: created.llm.id, prompt: "A calm, quiet mood.", description: null },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      name: "After",
      slotType: { id: mood.id, name: "Mood" },
      prompt: "A calm, quiet mood.",
      description: null,
      createdAt: created.createdAt,
    });
  });

  it("PUT /api/admin/prompts/slot-variants/{slotVariantId} – a replaced example image is deleted (row and file) after the commit; removing the image deletes it too", async () => {
    const first = await uploadExample("#111");
    const created = (await createVariant(await validVariantBody({ name: "Pictured", exampleImageId: first.id }))).body;
    expect(await imageFileExists(first.id)).toBe(true);
    const second = await uploadExample("#222");
    const replaced = await call<SlotVariantDto>(variant.PUT, {
      method: "PUT",
      params: variantParams(created.id),
      body: await validVariantBody({ name: "Pictured", exampleImageId: second.id }),
      cookie: await admin(),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.exampleImageUrl).toBe(`/api/images/${second.id}`);
    expect(await imageExists(first.id)).toBe(false);
    const removed = await call<SlotVariantDto>(variant.PUT, {
      method: "PUT",
      params: variantParams(created.id),
      body: await validVariantBody({ name: "Pictured" }),
      cookie: await admin(),
    });
    expect(removed.body.exampleImageId).toBeNull();
    expect(await imageExists(second.id)).toBe(false);
  });

  it("PUT /api/admin/prompts/slot-variants/{slotVariantId} – an old image another variant still shows is kept", async () => {
    const shared = await uploadExample("#333");
    const a = (await createVariant(await validVariantBody({ name: "Shares A", exampleImageId: shared.id }))).body;
    await createVariant(await validVariantBody({ name: "Shares B", exampleImageId: shared.id }));
    const res = await call(variant.PUT, {
      method: "PUT",
      params: variantParams(a.id),
      body: await validVariantBody({ name: "Shares A" }),
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    expect(await imageExists(shared.id)).toBe(true);
  });

  it("PUT /api/admin/prompts/slot-variants/{slotVariantId} – a failed update (unknown LLM) keeps the variant and its image", async () => {
    const image = await uploadExample("#444");
    const created = (await createVariant(await validVariantBody({ name: "Stays", exampleImageId: image.id }))).body;
    const res = await call<Envelope>(variant.PUT, {
      method: "PUT",
      params: variantParams(created.id),
      body: await validVariantBody({ name: "Changed", llmId: 999_999 }),
      cookie: await admin(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ llmId: "This entry does not exist" });
    expect(await call(variant.GET, { params: variantParams(created.id), cookie: await admin() }).then((r) => r.body)).toEqual(created);
    expect(await imageExists(image.id)).toBe(true);
  });

  it("PUT /api/admin/prompts/slot-variants/{slotVariantId} – validation rows → 422 with the exact message; unknown id → 404", async () => {
    const dreamy = await seedVariant("Mood", "Dreamy");
    const body = { name: dreamy.name, slotTypeId: dreamy.slotType.id, llmId: dreamy.llm.id, prompt: dreamy.prompt };
    const rows: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name is required"],
      [{ prompt: "" }, "prompt", "Prompt is required"],
      [{ slotTypeId: null }, "slotTypeId", "Please choose a slot type"],
      [{ llmId: "x" }, "llmId", "Please choose an AI model"],
    ];
    for (const [change, field, message] of rows) {
      const res = await call<Envelope>(variant.PUT, {
        method: "PUT",
        params: variantParams(dreamy.id),
        body: { ...body, ...change },
        cookie: await admin(),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect(await seedVariant("Mood", "Dreamy")).toEqual(dreamy);
    const missing = await call<Envelope>(variant.PUT, { method: "PUT", params: variantParams(999_999), body, cookie: await admin() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Slot variant not found");
  });

  it("PUT /api/admin/prompts/slot-variants/{slotVariantId} – a new prompt text reaches the composed prompt of the prompts using it", async () => {
    const cheerful = await seedVariant("Mood", "Cheerful");
    const res = await call(variant.PUT, {
      method: "PUT",
      params: variantParams(cheerful.id),
      body: {
        name: cheerful.name,
        slotTypeId: cheerful.slotType.id,
        llmId: cheerful.llm.id,
        prompt: "Make it jubilant and sunny.",
        description: cheerful.description,
      },
      cookie: await admin(),
    });
    expect(res.status).toBe(200);
    const [popArt] = await (await getDb()).select({ id: prompts.id }).from(prompts).where(eq(prompts.title, "Pop Art"));
    if (!popArt) throw new Error("seed has Pop Art");
    expect((await assemblePrompt(popArt.id)).text).toContain("Make it jubilant and sunny.");
  });
});

describe("DELETE /api/admin/prompts/slot-variants/{slotVariantId}", () => {
  it("DELETE /api/admin/prompts/slot-variants/{slotVariantId} – a variant prompts use → 409 naming how many, nothing removed", async () => {
    const city = await seedVariant("Background", "City skyline");
    const db = await getDb();
    const linksBefore = await db.$count(promptSlotVariants, eq(promptSlotVariants.slotVariantId, city.id));
    const res = await call<Envelope>(variant.DELETE, { method: "DELETE", params: variantParams(city.id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This slot variant is used by 1 prompt(s) and cannot be deleted. Remove it from those prompts first.");
    expect(await db.$count(promptSlotVariants, eq(promptSlotVariants.slotVariantId, city.id))).toBe(linksBefore);
    expect(await seedVariant("Background", "City skyline")).toEqual(city);
  });

  it("DELETE /api/admin/prompts/slot-variants/{slotVariantId} – the 409 in German", async () => {
    const city = await seedVariant("Background", "City skyline");
    const res = await call<Envelope>(variant.DELETE, {
      method: "DELETE",
      params: variantParams(city.id),
      cookie: `${await admin()}; NEXT_LOCALE=de`,
    });
    expect(res.body.message).toBe(
      "Diese Slot-Variante wird von 1 Prompt(s) verwendet und kann nicht gelöscht werden. Bitte zuerst aus diesen Prompts entfernen.",
    );
  });

  it("DELETE /api/admin/prompts/slot-variants/{slotVariantId} – an unused variant is deleted with its example image; again → 404", async () => {
    const image = await uploadExample("#555");
    const { id } = (await createVariant(await validVariantBody({ name: "Disposable", exampleImageId: image.id }))).body;
    const res = await call(variant.DELETE, { method: "DELETE", params: variantParams(id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect(await imageExists(image.id)).toBe(false);
    const db = await getDb();
    expect(await db.$count(slotVariants, eq(slotVariants.id, id))).toBe(0);
    const again = await call<Envelope>(variant.DELETE, { method: "DELETE", params: variantParams(id), cookie: await admin() });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Slot variant not found");
  });
});

describe("catalogue cache", () => {
  it("slot type and slot variant writes invalidate the catalogue cache (composed prompts change with them)", async () => {
    let loads = 0;
    const read = () => cachedCatalog("admin-slots-test", async () => ++loads);
    const cookie = await admin();
    let typeId = 0;
    let variantId = 0;
    const writes: (() => Promise<{ status: number }>)[] = [
      async () => {
        const res = await createType({ name: "Cache type" });
        typeId = res.body.id;
        return res;
      },
      () => putType(typeId, { name: "Cache type 2" }),
      async () => {
        const res = await createVariant(await validVariantBody({ slotTypeId: typeId, name: "Cache variant" }));
        variantId = res.body.id;
        return res;
      },
      async () =>
        call(variant.PUT, {
          method: "PUT",
          params: variantParams(variantId),
          body: await validVariantBody({ slotTypeId: typeId, name: "Cache variant", prompt: "New text" }),
          cookie,
        }),
      () => call(variant.DELETE, { method: "DELETE", params: variantParams(variantId), cookie }),
      () => call(type.DELETE, { method: "DELETE", params: typeParams(typeId), cookie }),
    ];
    for (const write of writes) {
      const before = await read();
      expect(await read()).toBe(before);
      expect((await write()).status).toBeLessThan(300);
      expect(await read()).toBe(before + 1);
    }
  });
});
