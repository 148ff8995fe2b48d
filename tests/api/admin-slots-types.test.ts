import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as types from "@/app/api/admin/prompts/prompt-slot-types/route";
import * as type from "@/app/api/admin/prompts/prompt-slot-types/[slotTypeId]/route";
import * as variants from "@/app/api/admin/prompts/slot-variants/route";
import * as variant from "@/app/api/admin/prompts/slot-variants/[slotVariantId]/route";
import * as variantsOfType from "@/app/api/admin/prompts/slot-variants/type/[typeId]/route";
import { getDb } from "@/db/client";
import { prompts, slotTypes } from "@/db/schema";
import { slotReorderPlan } from "@/lib/api-client/slots";
import type { SlotTypeDto } from "@/lib/schemas/prompts";
import { assemblePrompt } from "@/lib/services/prompt-assembly";
import { call, cookieFor, type Role } from "../helpers/api";
import {
  Envelope,
  admin,
  typeParams,
  variantParams,
  listTypes,
  seedType,
  createType,
  putType,
  seedVariant,
  llmId,
  validVariantBody,
  createVariant,
  withTrigger,
  positionsAreUnique,
  runPlan,
  setupSlotStorage,
} from "../helpers/admin-slots";

setupSlotStorage();

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
