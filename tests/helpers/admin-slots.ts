import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as types from "@/app/api/admin/prompts/prompt-slot-types/route";
import * as type from "@/app/api/admin/prompts/prompt-slot-types/[slotTypeId]/route";
import * as variants from "@/app/api/admin/prompts/slot-variants/route";
import * as adminImages from "@/app/api/admin/images/route";
import { getDb } from "@/db/client";
import { aiModels, images, slotTypes } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { type PositionMove } from "@/lib/api-client/slots";
import type { SlotTypeDto, SlotVariantDto } from "@/lib/schemas/prompts";
import type { ImageDto } from "@/lib/schemas/images";
import { call, loginAs } from "./api";
import { tempDir } from "./test-db";

export type Envelope = { message: string; errors?: Record<string, string> };

export const admin = () => loginAs("admin");
export const typeParams = (id: number | string) => ({ slotTypeId: String(id) });
export const variantParams = (id: number | string) => ({ slotVariantId: String(id) });

export function setupSlotStorage(): void {
  beforeAll(() => {
    process.env.STORAGE_DIR = tempDir("shop-test-admin-slots-");
    resetStorage();
  });
}

export async function listTypes(): Promise<SlotTypeDto[]> {
  return (await call<SlotTypeDto[]>(types.GET, { cookie: await admin() })).body;
}
export async function seedType(name: string): Promise<SlotTypeDto> {
  const found = (await listTypes()).find((t) => t.name === name);
  if (!found) throw new Error(`seed has the slot type ${name}`);
  return found;
}
export async function createType(body: Record<string, unknown>) {
  return call<SlotTypeDto & Envelope>(types.POST, { method: "POST", body, cookie: await admin() });
}
export async function putType(id: number, body: unknown) {
  return call<SlotTypeDto & Envelope>(type.PUT, { method: "PUT", params: typeParams(id), body, cookie: await admin() });
}
export async function listVariants(query = ""): Promise<SlotVariantDto[]> {
  const res = await call<SlotVariantDto[]>(variants.GET, { path: `/api/admin/prompts/slot-variants${query}`, cookie: await admin() });
  expect(res.status).toBe(200);
  return res.body;
}
export async function seedVariant(typeName: string, name: string): Promise<SlotVariantDto> {
  const found = (await listVariants()).find((v) => v.slotType.name === typeName && v.name === name);
  if (!found) throw new Error(`seed has the slot variant ${typeName}/${name}`);
  return found;
}
export async function llmId(): Promise<number> {
  const [row] = await (await getDb()).select({ id: aiModels.id }).from(aiModels).orderBy(aiModels.id).limit(1);
  if (!row) throw new Error("seed has AI models");
  return row.id;
}
export async function png(color = "#2a6"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
}
export async function uploadExample(color?: string): Promise<ImageDto> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png(color))], { type: "image/png" }), "example.png");
  form.set("imageType", "SLOT_VARIANT_EXAMPLE");
  const res = await call<ImageDto>(adminImages.POST, { method: "POST", body: form, cookie: await admin() });
  expect(res.status).toBe(201);
  return res.body;
}
export async function imageExists(id: number): Promise<boolean> {
  const [row] = await (await getDb()).select({ id: images.id }).from(images).where(eq(images.id, id));
  return !!row;
}
export async function imageFileExists(id: number): Promise<boolean> {
  const [row] = await (await getDb()).select({ key: images.storageKey }).from(images).where(eq(images.id, id));
  return !!row && fs.existsSync(`${process.env.STORAGE_DIR}/${row.key}`);
}
/** Per database: test files share this module but each has its own database. */
const scratchTypeIds = new WeakMap<object, number>();
export async function scratchType(): Promise<number> {
  const db = await getDb();
  let id = scratchTypeIds.get(db);
  if (id === undefined) scratchTypeIds.set(db, (id = (await createType({ name: "Scratch" })).body.id));
  return id;
}
export async function validVariantBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Snowy mountains",
    slotTypeId: await scratchType(),
    llmId: await llmId(),
    prompt: "Place the subject in snowy mountains.",
    ...overrides,
  };
}
export async function createVariant(body: Record<string, unknown>) {
  return call<SlotVariantDto & Envelope>(variants.POST, { method: "POST", body, cookie: await admin() });
}
export async function withTrigger(table: string, timing: string, when: string, statement: string, fn: () => Promise<void>): Promise<void> {
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
export async function positionsAreUnique(): Promise<boolean> {
  const rows = await (await getDb()).select({ position: slotTypes.position }).from(slotTypes);
  return new Set(rows.map((r) => r.position)).size === rows.length;
}
export async function runPlan(plan: { first: PositionMove[]; second: PositionMove[] }): Promise<number[]> {
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
