import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as types from "@/app/api/admin/prompts/prompt-slot-types/route";
import * as type from "@/app/api/admin/prompts/prompt-slot-types/[slotTypeId]/route";
import * as variants from "@/app/api/admin/prompts/slot-variants/route";
import * as variant from "@/app/api/admin/prompts/slot-variants/[slotVariantId]/route";
import * as variantsOfType from "@/app/api/admin/prompts/slot-variants/type/[typeId]/route";
import * as adminImages from "@/app/api/admin/images/route";
import { getDb } from "@/db/client";
import { aiModels, images, prompts, promptSlotVariants, slotTypes, slotVariants } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { slotReorderPlan, type PositionMove } from "@/lib/api-client/slots";
import type { SlotTypeDto, SlotVariantDto } from "@/lib/schemas/prompts";
import type { ImageDto } from "@/lib/schemas/images";
import { cachedCatalog } from "@/lib/services/catalog-cache";
import { storeImage } from "@/lib/services/images";
import { assemblePrompt } from "@/lib/services/prompt-assembly";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { tempDir } from "../helpers/test-db";

type Envelope = { message: string; errors?: Record<string, string> };

const admin = () => loginAs("admin");
const typeParams = (id: number | string) => ({ slotTypeId: String(id) });
const variantParams = (id: number | string) => ({ slotVariantId: String(id) });

beforeAll(() => {
  // This file's own storage folder (uploaded example images).
  process.env.STORAGE_DIR = tempDir("shop-test-admin-slots-");
  resetStorage();
});

// ── Helpers ────────────────────────────────────────────────────────────────────────────────────────

async function listTypes(): Promise<SlotTypeDto[]> {
  return (await call<SlotTypeDto[]>(types.GET, { cookie: await admin() })).body;
}
async function seedType(name: string): Promise<SlotTypeDto> {
  const found = (await listTypes()).find((t) => t.name === name);
  if (!found) throw new Error(`seed has the slot type ${name}`);
  return found;
}
async function createType(body: Record<string, unknown>) {
  return call<SlotTypeDto & Envelope>(types.POST, { method: "POST", body, cookie: await admin() });
}
async function putType(id: number, body: unknown) {
  return call<SlotTypeDto & Envelope>(type.PUT, { method: "PUT", params: typeParams(id), body, cookie: await admin() });
}
async function listVariants(query = ""): Promise<SlotVariantDto[]> {
  const res = await call<SlotVariantDto[]>(variants.GET, { path: `/api/admin/prompts/slot-variants${query}`, cookie: await admin() });
  expect(res.status).toBe(200);
  return res.body;
}
async function seedVariant(typeName: string, name: string): Promise<SlotVariantDto> {
  const found = (await listVariants()).find((v) => v.slotType.name === typeName && v.name === name);
  if (!found) throw new Error(`seed has the slot variant ${typeName}/${name}`);
  return found;
}
async function llmId(): Promise<number> {
  const [row] = await (await getDb()).select({ id: aiModels.id }).from(aiModels).orderBy(aiModels.id).limit(1);
  if (!row) throw new Error("seed has AI models");
  return row.id;
}
async function png(color = "#2a6"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
}
/** Uploads an example image exactly as the slot form does (POST /api/admin/images, imageType SLOT_VARIANT_EXAMPLE). */
async function uploadExample(color?: string): Promise<ImageDto> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png(color))], { type: "image/png" }), "example.png");
  form.set("imageType", "SLOT_VARIANT_EXAMPLE");
  const res = await call<ImageDto>(adminImages.POST, { method: "POST", body: form, cookie: await admin() });
  expect(res.status).toBe(201);
  return res.body;
}
async function imageExists(id: number): Promise<boolean> {
  const [row] = await (await getDb()).select({ id: images.id }).from(images).where(eq(images.id, id));
  return !!row;
}
async function imageFileExists(id: number): Promise<boolean> {
  const [row] = await (await getDb()).select({ key: images.storageKey }).from(images).where(eq(images.id, id));
  return !!row && fs.existsSync(`${process.env.STORAGE_DIR}/${row.key}`);
}
let scratchTypeId: number | undefined;
/** The slot type this file's own variants go to (the seeded types keep their seeded variants). */
async function scratchType(): Promise<number> {
  scratchTypeId ??= (await createType({ name: "Scratch" })).body.id;
  return scratchTypeId;
}
async function validVariantBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Snowy mountains",
    slotTypeId: await scratchType(),
    llmId: await llmId(),
    prompt: "Place the subject in snowy mountains.",
    ...overrides,
  };
}
async function createVariant(body: Record<string, unknown>) {
  return call<SlotVariantDto & Envelope>(variants.POST, { method: "POST", body, cookie: await admin() });
}
/** Runs `fn` while a trigger on `table` (`timing` e.g. "BEFORE DELETE") runs `statement` for rows matching `when`. */
async function withTrigger(table: string, timing: string, when: string, statement: string, fn: () => Promise<void>): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql.raw(
      `CREATE FUNCTION race_hook() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW; END $$`,
    ),
  );
  await db.execute(sql.raw(`CREATE TRIGGER race_hook ${timing} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION race_hook()`));
  try {
    await fn();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER race_hook ON ${table}`));
    await db.execute(sql.raw("DROP FUNCTION race_hook()"));
  }
}
/** Positions straight from the table: no two slot types may share one. */
async function positionsAreUnique(): Promise<boolean> {
  const rows = await (await getDb()).select({ position: slotTypes.position }).from(slotTypes);
  return new Set(rows.map((r) => r.position)).size === rows.length;
}
/** Runs the plan's passes like the screen: one PUT after the other, stopping at the first failure. Answers every status seen. */
async function runPlan(plan: { first: PositionMove[]; second: PositionMove[] }): Promise<number[]> {
  const statuses: number[] = [];
  for (const pass of [plan.first, plan.second]) {
    for (const m of pass) {
      const res = await putType(m.id, { position: m.position });
      statuses.push(res.status);
      if (res.status !== 200) return statuses;
    }
  }
  return statuses;
}

// ── Access ─────────────────────────────────────────────────────────────────────────────────────────

describe("access matrix for /api/admin/prompts/prompt-slot-types and /slot-variants", () => {
  const roles: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  const routes: { name: string; ok: number; run: (cookie: string | undefined, role: Role) => Promise<number> }[] = [
    { name: "GET /api/admin/prompts/prompt-slot-types", ok: 200, run: async (cookie) => (await call(types.GET, { cookie })).status },
    {
      name: "POST /api/admin/prompts/prompt-slot-types",
      ok: 201,
      run: async (cookie, role) => (await call(types.POST, { method: "POST", body: { name: `Access ${role}` }, cookie })).status,
    },
    {
      name: "GET /api/admin/prompts/prompt-slot-types/{slotTypeId}",
      ok: 200,
      run: async (cookie) => (await call(type.GET, { params: typeParams((await seedType("Mood")).id), cookie })).status,
    },
    {
      name: "PUT /api/admin/prompts/prompt-slot-types/{slotTypeId}",
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createType({ name: `Put target ${role}` })).body;
        return (await call(type.PUT, { method: "PUT", params: typeParams(id), body: { name: `Renamed ${role}` }, cookie })).status;
      },
    },
    {
      name: "DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId}",
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createType({ name: `Delete target ${role}` })).body;
        return (await call(type.DELETE, { method: "DELETE", params: typeParams(id), cookie })).status;
      },
    },
    { name: "GET /api/admin/prompts/slot-variants", ok: 200, run: async (cookie) => (await call(variants.GET, { cookie })).status },
    {
      name: "POST /api/admin/prompts/slot-variants",
      ok: 201,
      run: async (cookie, role) =>
        (await call(variants.POST, { method: "POST", body: await validVariantBody({ name: `Access ${role}` }), cookie })).status,
    },
    {
      name: "GET /api/admin/prompts/slot-variants/{slotVariantId}",
      ok: 200,
      run: async (cookie) => (await call(variant.GET, { params: variantParams((await seedVariant("Mood", "Dreamy")).id), cookie })).status,
    },
    {
      name: "PUT /api/admin/prompts/slot-variants/{slotVariantId}",
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createVariant(await validVariantBody({ name: `Put variant ${role}` }))).body;
        return (
          await call(variant.PUT, {
            method: "PUT",
            params: variantParams(id),
            body: await validVariantBody({ name: `Renamed ${role}` }),
            cookie,
          })
        ).status;
      },
    },
    {
      name: "DELETE /api/admin/prompts/slot-variants/{slotVariantId}",
      ok: 200,
      run: async (cookie, role) => {
        const { id } = (await createVariant(await validVariantBody({ name: `Delete variant ${role}` }))).body;
        return (await call(variant.DELETE, { method: "DELETE", params: variantParams(id), cookie })).status;
      },
    },
    {
      name: "GET /api/admin/prompts/slot-variants/type/{typeId}",
      ok: 200,
      run: async (cookie) =>
        (await call(variantsOfType.GET, { params: { typeId: String((await seedType("Lighting")).id) }, cookie })).status,
    },
  ];
  for (const r of routes) {
    for (const { role, status } of roles) {
      const expected = role === "admin" ? r.ok : status;
      it(`${r.name} – ${role} → ${expected}`, async () => {
        expect(await r.run(await cookieFor(role), role)).toBe(expected);
      });
    }
  }
  it("POST /api/admin/prompts/prompt-slot-types – a customer creates nothing", async () => {
    const before = (await listTypes()).length;
    await call(types.POST, { method: "POST", body: { name: "Sneaky" }, cookie: await cookieFor("customer") });
    expect((await listTypes()).length).toBe(before);
  });
});

// ── Slot types ─────────────────────────────────────────────────────────────────────────────────────

describe("GET /api/admin/prompts/prompt-slot-types", () => {
  it("GET /api/admin/prompts/prompt-slot-types – sorted by position with each type's variant count", async () => {
    const list = await listTypes();
    const positions = list.map((t) => t.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const seeded = list.filter((t) => ["Background", "Mood", "Lighting"].includes(t.name));
    expect(seeded.map((t) => [t.name, t.variantCount])).toEqual([
      ["Background", 3],
      ["Mood", 3],
      ["Lighting", 2],
    ]);
  });

  it('GET /api/admin/prompts/prompt-slot-types/{slotTypeId} – one type; unknown → 404 "Slot type not found", a malformed id → 404', async () => {
    const mood = await seedType("Mood");
    const res = await call<SlotTypeDto>(type.GET, { params: typeParams(mood.id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mood);
    const missing = await call<Envelope>(type.GET, { params: typeParams(999_999), cookie: await admin() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Slot type not found");
    expect((await call(type.GET, { params: typeParams("abc"), cookie: await admin() })).status).toBe(404);
  });
});

describe("POST /api/admin/prompts/prompt-slot-types", () => {
  it("POST /api/admin/prompts/prompt-slot-types – without position: appended at the current maximum + 1, name trimmed", async () => {
    const top = Math.max(...(await listTypes()).map((t) => t.position));
    const res = await createType({ name: "  Weather  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Weather", position: top + 1, variantCount: 0 });
    expect((await listTypes()).at(-1)?.id).toBe(res.body.id);
  });

  it("POST /api/admin/prompts/prompt-slot-types – with a free position (0 included) it is placed there", async () => {
    const res = await createType({ name: "Frame", position: 0 });
    expect(res.status).toBe(201);
    expect(res.body.position).toBe(0);
    expect((await listTypes())[0]?.id).toBe(res.body.id);
    expect((await call(type.DELETE, { method: "DELETE", params: typeParams(res.body.id), cookie: await admin() })).status).toBe(200);
  });

  it('POST /api/admin/prompts/prompt-slot-types – a position another type holds → 409 "Another slot type already has this position"', async () => {
    const before = await listTypes();
    const res = await createType({ name: "Clash", position: (await seedType("Mood")).position });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Another slot type already has this position");
    expect(await listTypes()).toEqual(before);
  });

  it("POST /api/admin/prompts/prompt-slot-types – a concurrent create taking the appended number: retried at the next number, 201", async () => {
    const db = await getDb();
    await db.execute(sql.raw("CREATE SEQUENCE race_attempts"));
    try {
      // The first attempt meets an intruder on the same position (rolled back with it); the sequence counts attempts across rollbacks.
      await withTrigger(
        "slot_types",
        "BEFORE INSERT",
        "NEW.name = 'Appended'",
        "IF nextval('race_attempts') = 1 THEN INSERT INTO slot_types (name, position) VALUES ('Intruder', NEW.position); END IF",
        async () => {
          const res = await createType({ name: "Appended" });
          expect(res.status).toBe(201);
        },
      );
      const [attempts] = await db
        .select({ n: sql<string>`(SELECT last_value FROM race_attempts)` })
        .from(slotTypes)
        .limit(1);
      expect(Number(attempts?.n)).toBe(2);
    } finally {
      await db.execute(sql.raw("DROP SEQUENCE race_attempts"));
    }
    expect(await positionsAreUnique()).toBe(true);
  });

  it("POST /api/admin/prompts/prompt-slot-types – a concurrent create on a chosen position (unique index) → 409, never 500", async () => {
    const free = Math.max(...(await listTypes()).map((t) => t.position)) + 100;
    await withTrigger(
      "slot_types",
      "BEFORE INSERT",
      "NEW.name = 'Chosen'",
      "INSERT INTO slot_types (name, position) VALUES ('Other writer', NEW.position)",
      async () => {
        const res = await createType({ name: "Chosen", position: free });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe("Another slot type already has this position");
      },
    );
  });

  const bad: { title: string; body: unknown; field: string; message: string }[] = [
    { title: "name missing", body: {}, field: "name", message: "Name is required" },
    { title: "name empty", body: { name: "" }, field: "name", message: "Name is required" },
    { title: "name blank", body: { name: "   " }, field: "name", message: "Name is required" },
    { title: "name null", body: { name: null }, field: "name", message: "Name is required" },
    { title: "name a number", body: { name: 7 }, field: "name", message: "Name is required" },
    { title: "name 256 characters", body: { name: "x".repeat(256) }, field: "name", message: "Name must be at most 255 characters" },
    { title: "position negative", body: { name: "A", position: -1 }, field: "position", message: "Invalid value" },
    { title: "position a fraction", body: { name: "A", position: 1.5 }, field: "position", message: "Invalid value" },
    { title: "position as text", body: { name: "A", position: "3" }, field: "position", message: "Invalid value" },
    { title: "position too large", body: { name: "A", position: 1_000_001 }, field: "position", message: "Invalid value" },
  ];
  for (const row of bad) {
    it(`POST /api/admin/prompts/prompt-slot-types – ${row.title} → 422 with field message`, async () => {
      const before = (await listTypes()).length;
      const res = await createType(row.body as Record<string, unknown>);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect((await listTypes()).length).toBe(before);
    });
  }

  it("POST /api/admin/prompts/prompt-slot-types – a name of 255 characters is accepted", async () => {
    const res = await createType({ name: "n".repeat(255) });
    expect(res.status).toBe(201);
    expect(res.body.name).toHaveLength(255);
  });

  it("POST /api/admin/prompts/prompt-slot-types – answers in German for a German caller", async () => {
    const res = await call<Envelope>(types.POST, { method: "POST", body: { name: "" }, cookie: `${await admin()}; NEXT_LOCALE=de` });
    expect(res.body.errors?.name).toBe("Name ist erforderlich");
  });
});

describe("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId}", () => {
  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – { name } alone renames and keeps the position", async () => {
    const created = (await createType({ name: "Texture" })).body;
    const res = await putType(created.id, { name: " Surface " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: "Surface" });
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – { position } alone moves to a free position and keeps the name", async () => {
    const created = (await createType({ name: "Movable" })).body;
    const free = Math.max(...(await listTypes()).map((t) => t.position)) + 5;
    const res = await putType(created.id, { position: free });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: "Movable", position: free });
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – its own position again, or an empty body, changes nothing (200)", async () => {
    const mood = await seedType("Mood");
    expect((await putType(mood.id, { position: mood.position })).body).toEqual(mood);
    expect((await putType(mood.id, {})).body).toEqual(mood);
  });

  it('PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – a position another type holds → 409 "Another slot type already has this position", nothing changes', async () => {
    const [background, mood] = [await seedType("Background"), await seedType("Mood")];
    const res = await putType(background.id, { position: mood.position, name: "Renamed too" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Another slot type already has this position");
    expect(await seedType("Background")).toEqual(background);
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – the unique index tripped by a concurrent writer → the same 409, never 500", async () => {
    const target = (await createType({ name: "Race mover" })).body;
    const other = (await createType({ name: "Race other" })).body;
    const free = Math.max(...(await listTypes()).map((t) => t.position)) + 50;
    // Passes our check (the position is free), then another writer takes it before our row is written.
    await withTrigger(
      "slot_types",
      "BEFORE UPDATE",
      "OLD.name = 'Race mover'",
      `UPDATE slot_types SET position = NEW.position WHERE id = ${other.id}`,
      async () => {
        const res = await putType(target.id, { position: free });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe("Another slot type already has this position");
      },
    );
    expect((await seedType("Race mover")).position).toBe(target.position);
  });

  const bad: { title: string; body: unknown; field: string; message: string }[] = [
    { title: "name empty", body: { name: "" }, field: "name", message: "Name is required" },
    { title: "name null", body: { name: null }, field: "name", message: "Name is required" },
    { title: "name 256 characters", body: { name: "y".repeat(256) }, field: "name", message: "Name must be at most 255 characters" },
    { title: "position negative", body: { position: -5 }, field: "position", message: "Invalid value" },
    { title: "position a fraction", body: { position: 2.5 }, field: "position", message: "Invalid value" },
  ];
  for (const row of bad) {
    it(`PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – ${row.title} → 422 and nothing changes`, async () => {
      const mood = await seedType("Mood");
      const res = await putType(mood.id, row.body);
      expect(res.status).toBe(422);
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(await seedType("Mood")).toEqual(mood);
    });
  }

  it('PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – unknown id → 404 "Slot type not found"', async () => {
    const res = await putType(999_999, { name: "Ghost" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Slot type not found");
  });
});

describe("reordering slot types: the spec's two passes of PUT with position", () => {
  it("slotReorderPlan – moves only the types whose position changes: first above the maximum (+10 + index), then to the held positions", () => {
    const current = [
      { id: 1, position: 1 },
      { id: 2, position: 2 },
      { id: 3, position: 5 },
      { id: 4, position: 7 },
    ];
    expect(slotReorderPlan(current, [1, 3, 2, 4])).toEqual({
      first: [
        { id: 3, position: 17 },
        { id: 2, position: 18 },
      ],
      second: [
        { id: 3, position: 2 },
        { id: 2, position: 5 },
      ],
    });
    expect(slotReorderPlan(current, [1, 2, 3, 4])).toEqual({ first: [], second: [] });
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – moving straight onto a held position trips (409): why the two passes exist", async () => {
    const [background, lighting] = [await seedType("Background"), await seedType("Lighting")];
    expect((await putType(lighting.id, { position: background.position })).status).toBe(409);
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – the two passes move Lighting first: every PUT 200, positions unique after each, composed prompt follows", async () => {
    const before = await listTypes();
    const lighting = before.find((t) => t.name === "Lighting");
    if (!lighting) throw new Error("seed has Lighting");
    const order = [lighting.id, ...before.filter((t) => t.id !== lighting.id).map((t) => t.id)];
    const plan = slotReorderPlan(before, order);
    const top = Math.max(...before.map((t) => t.position));
    expect(plan.first.every((m) => m.position >= top + 10)).toBe(true);

    for (const m of plan.first) {
      expect((await putType(m.id, { position: m.position })).status).toBe(200);
      expect(await positionsAreUnique()).toBe(true);
    }
    for (const m of plan.second) {
      expect((await putType(m.id, { position: m.position })).status).toBe(200);
      expect(await positionsAreUnique()).toBe(true);
    }
    const after = await listTypes();
    expect(after.map((t) => t.id)).toEqual(order);
    expect(after.map((t) => t.position)).toEqual(before.map((t) => t.position));

    // The seeded "Watercolour" prompt uses Background, Mood and Lighting variants: Lighting's text now comes first.
    const [watercolour] = await (await getDb()).select({ id: prompts.id }).from(prompts).where(eq(prompts.title, "Watercolour"));
    if (!watercolour) throw new Error("seed has Watercolour");
    const text = (await assemblePrompt(watercolour.id)).text;
    expect(text.indexOf("golden-hour")).toBeGreaterThan(-1);
    expect(text.indexOf("golden-hour")).toBeLessThan(text.indexOf("enchanted forest"));
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – two concurrent reorders from the same snapshot: no 500, no duplicate position, every type kept, and a fresh reorder succeeds", async () => {
    const snapshot = await listTypes();
    const ids = snapshot.map((t) => t.id);
    // Admin A moves the last type to the top; admin B moves the first type to the bottom.
    const planA = slotReorderPlan(snapshot, [ids[ids.length - 1] as number, ...ids.slice(0, -1)]);
    const planB = slotReorderPlan(snapshot, [...ids.slice(1), ids[0] as number]);
    const [a, b] = await Promise.all([runPlan(planA), runPlan(planB)]);
    for (const status of [...a, ...b]) expect([200, 409]).toContain(status);
    expect(await positionsAreUnique()).toBe(true);
    const after = await listTypes();
    expect(after.map((t) => t.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(after.map((t) => t.name).sort()).toEqual(snapshot.map((t) => t.name).sort());

    // Whatever order the race left, the screen (after its refresh) can reorder again from it.
    const reversed = [...after].reverse().map((t) => t.id);
    expect((await runPlan(slotReorderPlan(after, reversed))).every((s) => s === 200)).toBe(true);
    expect((await listTypes()).map((t) => t.id)).toEqual(reversed);
  });

  it("PUT /api/admin/prompts/prompt-slot-types/{slotTypeId} – many concurrent PUTs onto one free position: exactly one 200, the rest 409", async () => {
    const contenders = [];
    for (let i = 0; i < 4; i++) contenders.push((await createType({ name: `Contender ${i}` })).body);
    const free = Math.max(...(await listTypes()).map((t) => t.position)) + 77;
    const statuses = (await Promise.all(contenders.map((c) => putType(c.id, { position: free })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(await positionsAreUnique()).toBe(true);
  });
});

describe("DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId}", () => {
  it("DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId} – a type with slot variants → 409 with the spec's message, kept", async () => {
    const mood = await seedType("Mood");
    const res = await call<Envelope>(type.DELETE, { method: "DELETE", params: typeParams(mood.id), cookie: await admin() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Cannot delete slot type with slot variants. Please delete its variants first.");
    expect(await seedType("Mood")).toEqual(mood);
  });

  it("DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId} – an empty type is deleted; again → 404", async () => {
    const { id } = (await createType({ name: "Short-lived" })).body;
    const res = await call(type.DELETE, { method: "DELETE", params: typeParams(id), cookie: await admin() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect((await listTypes()).some((t) => t.id === id)).toBe(false);
    const again = await call<Envelope>(type.DELETE, { method: "DELETE", params: typeParams(id), cookie: await admin() });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Slot type not found");
  });

  it("DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId} – a variant inserted meanwhile (FK restrict) → the same 409, never 500", async () => {
    const { id } = (await createType({ name: "Race type" })).body;
    const llm = await llmId();
    await withTrigger(
      "slot_types",
      "BEFORE DELETE",
      "OLD.name = 'Race type'",
      `INSERT INTO slot_variants (slot_type_id, name, llm_id, prompt) VALUES (OLD.id, 'Sneaked in', ${llm}, 'x')`,
      async () => {
        const res = await call<Envelope>(type.DELETE, { method: "DELETE", params: typeParams(id), cookie: await admin() });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe("Cannot delete slot type with slot variants. Please delete its variants first.");
      },
    );
    expect((await listTypes()).some((t) => t.id === id)).toBe(true);
  });

  it("DELETE /api/admin/prompts/prompt-slot-types/{slotTypeId} – once its variants are deleted the type can go", async () => {
    const { id } = (await createType({ name: "Emptied later" })).body;
    const v = (await createVariant(await validVariantBody({ slotTypeId: id, name: "Only child" }))).body;
    expect((await call(type.DELETE, { method: "DELETE", params: typeParams(id), cookie: await admin() })).status).toBe(409);
    expect((await call(variant.DELETE, { method: "DELETE", params: variantParams(v.id), cookie: await admin() })).status).toBe(200);
    expect((await call(type.DELETE, { method: "DELETE", params: typeParams(id), cookie: await admin() })).status).toBe(200);
  });
});

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
