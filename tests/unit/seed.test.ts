import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { migrateDb, openDb, type DbHandle } from "@/db/client";
import {
  aiModels,
  articleCategories,
  articlePriceCalculations,
  articles,
  articleSubcategories,
  brandSettings,
  countries,
  images,
  mugDetails,
  mugVariants,
  promptCategories,
  prompts,
  promptSlotVariants,
  shirtVariants,
  slotTypes,
  slotVariants,
  suppliers,
  users,
  vatRates,
} from "@/db/schema";
import { MUG_ARTICLE, PROMPTS, SHIRT_ARTICLE } from "@/db/seed-data";
import { verifyPassword } from "@/lib/security/password";

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-storage-"));
let handle: DbHandle;

const counted = {
  countries,
  vatRates,
  suppliers,
  articleCategories,
  articleSubcategories,
  articles,
  mugDetails,
  mugVariants,
  shirtVariants,
  articlePriceCalculations,
  aiModels,
  promptCategories,
  prompts,
  promptSlotVariants,
  slotTypes,
  slotVariants,
  images,
  users,
};

async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(Object.entries(counted).map(async ([name, table]) => [name, await handle.db.$count(table)] as const));
  return Object.fromEntries(entries);
}

async function capturedWarnings(fn: () => Promise<unknown>): Promise<string[]> {
  const level = process.env.LOG_LEVEL;
  delete process.env.LOG_LEVEL;
  const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    await fn();
    return spy.mock.calls.map((args) => args.map(String).join(" "));
  } finally {
    spy.mockRestore();
    if (level !== undefined) process.env.LOG_LEVEL = level;
  }
}

function storedFiles(): string[] {
  return fs.readdirSync(storageDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".webp"));
}

describe("db seed", () => {
  let afterFirst: Record<string, number>;

  beforeAll(async () => {
    // Before the storage module is first used: getStorage() reads STORAGE_DIR once.
    process.env.STORAGE_DIR = storageDir;
    handle = await openDb({ pgliteDir: null });
    await migrateDb(handle);
    const { seed } = await import("@/lib/seed");
    await seed(handle.db);
    afterFirst = await counts();
    await seed(handle.db);
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("creates the demo data", () => {
    expect(afterFirst.countries).toBe(30);
    expect(afterFirst.prompts).toBeGreaterThanOrEqual(7);
    expect(afterFirst.users).toBe(1);
  });

  it("changes nothing when run a second time", async () => {
    expect(await counts()).toEqual(afterFirst);
    expect(storedFiles()).toHaveLength(afterFirst.images ?? -1);
  });

  it("has DE among the countries, with English and German names", async () => {
    const [de] = await handle.db.select().from(countries).where(eq(countries.code, "DE"));
    expect(de).toEqual({ code: "DE", nameEn: "Germany", nameDe: "Deutschland" });
  });

  it("has exactly one default VAT rate, the 19 % standard rate", async () => {
    const defaults = await handle.db.select().from(vatRates).where(eq(vatRates.isDefault, true));
    expect(defaults).toHaveLength(1);
    expect(defaults[0]?.percent).toBe(19);
  });

  it("has the sample mug with valid dimensions, document format, price and variants", async () => {
    const [mug] = await handle.db
      .select({ id: articles.id, type: articles.type, details: mugDetails })
      .from(articles)
      .innerJoin(mugDetails, eq(mugDetails.articleId, articles.id))
      .where(eq(articles.articleNumber, "MUG-001"));
    expect(mug?.type).toBe("MUG");
    const d = mug?.details;
    expect(d).toMatchObject({ diameterMm: 82, heightMm: 95, fillingQuantityMl: 250, dishwasherSafe: true });
    if (!mug || !d) return;
    expect(d.documentWidthMm).toBeGreaterThan(d.printTemplateWidthMm);
    expect(d.documentHeightMm).toBeGreaterThan(d.printTemplateHeightMm);
    expect(d.documentBottomMarginMm).toBeGreaterThanOrEqual(0);
    expect(d.documentBottomMarginMm).toBeLessThanOrEqual(100);
    expect(d.printTemplateWidthMm).toBeLessThan(Math.PI * d.diameterMm);
    expect(d.printTemplateHeightMm).toBeLessThan(d.heightMm);

    const [price] = await handle.db.select().from(articlePriceCalculations).where(eq(articlePriceCalculations.articleId, mug.id));
    expect(price).toMatchObject({ salesTotalCents: 1499, salesPriceMode: "GROSS" });

    const variants = await handle.db.select().from(mugVariants).where(eq(mugVariants.articleId, mug.id));
    expect(variants.length).toBeGreaterThanOrEqual(3);
    expect(variants.filter((v) => v.isDefault).map((v) => v.name)).toEqual(["White"]);
    for (const v of variants) expect(v.exampleImageId).not.toBeNull();
  });

  it("names the sample mug after its 250 ml, in English and German, with German variant names", async () => {
    const [mug] = await handle.db.select().from(articles).where(eq(articles.articleNumber, "MUG-001"));
    expect(mug).toMatchObject({
      name: "Classic Mug 250",
      nameDe: "Klassische Tasse 250 ml",
      shortDescription: MUG_ARTICLE.shortDescription,
      shortDescriptionDe: MUG_ARTICLE.shortDescriptionDe,
      longDescription: MUG_ARTICLE.longDescription,
      longDescriptionDe: MUG_ARTICLE.longDescriptionDe,
    });
    expect(mug?.shortDescriptionDe).toMatch(/Keramiktasse/);
    if (!mug) return;
    const variants = await handle.db.select().from(mugVariants).where(eq(mugVariants.articleId, mug.id)).orderBy(mugVariants.id);
    expect(variants.map((v) => [v.name, v.nameDe])).toEqual([
      ["White", "Weiß"],
      ["Black", "Schwarz"],
      ["Red inside", "Innen rot"],
      ["Blue inside", "Innen blau"],
    ]);
  });

  it("gives the T-shirt German texts and German colour names", async () => {
    const [shirt] = await handle.db.select().from(articles).where(eq(articles.articleNumber, SHIRT_ARTICLE.articleNumber));
    expect(shirt).toMatchObject({
      name: "Classic T-Shirt",
      nameDe: "Klassisches T-Shirt",
      shortDescriptionDe: SHIRT_ARTICLE.shortDescriptionDe,
    });
    expect(shirt?.longDescriptionDe).toMatch(/Baumwolle/);
    if (!shirt) return;
    const colours = await handle.db
      .selectDistinct({ color: shirtVariants.color, colorDe: shirtVariants.colorDe })
      .from(shirtVariants)
      .where(eq(shirtVariants.articleId, shirt.id));
    expect(colours.sort((a, b) => a.color.localeCompare(b.color))).toEqual([
      { color: "Black", colorDe: "Schwarz" },
      { color: "White", colorDe: "Weiß" },
    ]);
  });

  it("upgrades a mug an earlier seed wrote (old name, no German texts) and leaves an admin's own name alone", async () => {
    const { seed } = await import("@/lib/seed");
    const mugNumber = eq(articles.articleNumber, "MUG-001");
    const [mug] = await handle.db.select({ id: articles.id }).from(articles).where(mugNumber);
    if (!mug) throw new Error("seeded mug");
    await handle.db
      .update(articles)
      .set({ name: "Classic Mug 330", nameDe: null, shortDescriptionDe: null, longDescriptionDe: null })
      .where(mugNumber);
    await handle.db.update(mugVariants).set({ nameDe: null }).where(eq(mugVariants.articleId, mug.id));
    await seed(handle.db);
    const [upgraded] = await handle.db.select().from(articles).where(mugNumber);
    expect(upgraded).toMatchObject({
      name: "Classic Mug 250",
      nameDe: "Klassische Tasse 250 ml",
      shortDescriptionDe: MUG_ARTICLE.shortDescriptionDe,
    });
    const names = await handle.db.select({ nameDe: mugVariants.nameDe }).from(mugVariants).where(eq(mugVariants.articleId, mug.id));
    expect(names.map((n) => n.nameDe).sort()).toEqual(["Innen blau", "Innen rot", "Schwarz", "Weiß"]);

    await handle.db.update(articles).set({ name: "Office Mug", nameDe: null }).where(mugNumber);
    await seed(handle.db);
    const [kept] = await handle.db.select().from(articles).where(mugNumber);
    expect(kept).toMatchObject({ name: "Office Mug", nameDe: null });
    await handle.db.update(articles).set({ name: MUG_ARTICLE.name, nameDe: MUG_ARTICLE.nameDe }).where(mugNumber);
  });

  it("has at least six visible prompts, each with a decodable example image in storage", async () => {
    const { getStorage } = await import("@/lib/integrations/storage");
    const visible = await handle.db
      .select({ title: prompts.title, styleText: prompts.styleText, image: images })
      .from(prompts)
      .innerJoin(images, eq(images.id, prompts.exampleImageId))
      .where(and(eq(prompts.active, true), eq(prompts.archived, false)));
    expect(visible.length).toBeGreaterThanOrEqual(6);
    for (const p of visible) {
      expect(p.styleText.length).toBeGreaterThan(40);
      expect(p.image).toMatchObject({ type: "CATALOGUE", ownerId: null, mimeType: "image/webp" });
      const file = await getStorage().get(p.image.storageKey);
      expect(file, p.title).not.toBeNull();
      if (!file) continue;
      expect(file.length).toBe(p.image.sizeBytes);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "webp", width: p.image.width, height: p.image.height });
    }
    const archived = await handle.db.select({ id: prompts.id }).from(prompts).where(eq(prompts.archived, true));
    expect(archived.length).toBeGreaterThanOrEqual(1);
  });

  it("gives every prompt a German title and descriptions in both languages; fills them into prompts an earlier seed wrote, never over an admin's texts", async () => {
    const { seed } = await import("@/lib/seed");
    const rows = await handle.db.select().from(prompts);
    for (const p of PROMPTS) {
      expect(rows.find((r) => r.promptNumber === p.promptNumber)).toMatchObject({
        title: p.title,
        titleDe: p.titleDe,
        description: p.description,
        descriptionDe: p.descriptionDe,
      });
    }
    const [first, second] = PROMPTS;
    if (!first || !second) throw new Error("seeded prompts");
    await handle.db
      .update(prompts)
      .set({ titleDe: null, description: null, descriptionDe: null })
      .where(eq(prompts.promptNumber, first.promptNumber));
    await handle.db
      .update(prompts)
      .set({ title: "Admin title", titleDe: null, description: null, descriptionDe: null })
      .where(eq(prompts.promptNumber, second.promptNumber));
    await seed(handle.db);
    const [upgraded] = await handle.db.select().from(prompts).where(eq(prompts.promptNumber, first.promptNumber));
    expect(upgraded).toMatchObject({ titleDe: first.titleDe, description: first.description, descriptionDe: first.descriptionDe });
    const [kept] = await handle.db.select().from(prompts).where(eq(prompts.promptNumber, second.promptNumber));
    expect(kept).toMatchObject({ title: "Admin title", titleDe: null, description: null, descriptionDe: null });
    await handle.db
      .update(prompts)
      .set({ title: second.title, titleDe: second.titleDe, description: second.description, descriptionDe: second.descriptionDe })
      .where(eq(prompts.promptNumber, second.promptNumber));
  });

  it("links slot variants to prompts", async () => {
    expect(await handle.db.$count(promptSlotVariants)).toBeGreaterThan(0);
  });

  it("creates an admin whose password verifies", async () => {
    const email = (process.env.ADMIN_EMAIL || "admin@example.com").toLowerCase();
    const [admin] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(admin?.roles).toContain("admin");
    expect(await verifyPassword(process.env.ADMIN_PASSWORD || "admin12345", admin?.passwordHash)).toBe(true);
  });

  it("never promotes an existing account to admin: it stays as it is and a warning is logged", async () => {
    const { seed } = await import("@/lib/seed");
    const email = (process.env.ADMIN_EMAIL || "admin@example.com").toLowerCase();
    await handle.db
      .update(users)
      .set({ roles: ["customer"] })
      .where(eq(users.email, email));
    const [before] = await handle.db.select().from(users).where(eq(users.email, email));
    const warnings = await capturedWarnings(() => seed(handle.db));
    const [after] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(after).toEqual(before);
    expect(after?.roles).toEqual(["customer"]);
    expect(await handle.db.$count(users, eq(users.email, email))).toBe(1);
    expect(
      warnings.some((w) => w.includes(email) && /not an admin/i.test(w)),
      warnings.join("\n"),
    ).toBe(true);
    await handle.db
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.email, email));
  });

  describe("the admin password in production", () => {
    const saved = { ...process.env };
    afterEach(async () => {
      for (const key of ["NODE_ENV", "DATABASE_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD", "LOG_LEVEL", "SHOP_DEMO"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      const { resetEnvCache } = await import("@/lib/env");
      resetEnvCache();
    });

    async function setEnv(env: Record<string, string | undefined>): Promise<void> {
      for (const [key, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      const { resetEnvCache } = await import("@/lib/env");
      resetEnvCache();
    }
    async function seedAdminAs(env: Record<string, string | undefined>): Promise<void> {
      await setEnv(env);
      const { seedAdmin } = await import("@/lib/seed/admin");
      await handle.db.transaction((tx) => seedAdmin(tx));
    }
    const adminRow = (email: string) => handle.db.select().from(users).where(eq(users.email, email));

    const refused: [name: string, password: string | undefined][] = [
      ["ADMIN_PASSWORD unset", undefined],
      ["ADMIN_PASSWORD empty", ""],
      ['ADMIN_PASSWORD the development default "admin12345"', "admin12345"],
    ];
    for (const [name, password] of refused) {
      it(`refuses to create the admin with a server database (DATABASE_URL) when ${name}`, async () => {
        const email = `prod-${refused.findIndex(([n]) => n === name)}@test.local`;
        const run = seedAdminAs({
          NODE_ENV: "production",
          DATABASE_URL: "postgres://db.invalid/shop",
          ADMIN_EMAIL: email,
          ADMIN_PASSWORD: password,
        });
        await expect(run).rejects.toThrow(/ADMIN_PASSWORD/);
        expect(await adminRow(email)).toEqual([]);
      });
      it(`refuses to create the admin on the embedded database too (no DATABASE_URL, no demo switch) when ${name}`, async () => {
        const email = `embedded-${refused.findIndex(([n]) => n === name)}@test.local`;
        const run = seedAdminAs({
          NODE_ENV: "production",
          DATABASE_URL: undefined,
          SHOP_DEMO: undefined,
          ADMIN_EMAIL: email,
          ADMIN_PASSWORD: password,
        });
        await expect(run).rejects.toThrow(
          expect.objectContaining({ name: "StartRefusedError", message: expect.stringMatching(/ADMIN_PASSWORD/) }),
        );
        expect(await adminRow(email)).toEqual([]);
      });
    }

    it("creates the admin in production with a password of its own", async () => {
      const email = "prod-own@test.local";
      await seedAdminAs({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db.invalid/shop",
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: "a-strong-secret-9",
      });
      const [admin] = await adminRow(email);
      expect(admin?.roles).toEqual(["admin"]);
      expect(await verifyPassword("a-strong-secret-9", admin?.passwordHash)).toBe(true);
    });

    it("names the demo shop MugMagic, never over the owner's name; a production shop starts without a brand row", async () => {
      const { seedBrand } = await import("@/lib/seed/brand");
      const brandRow = () => handle.db.select().from(brandSettings);
      expect((await brandRow())[0]).toMatchObject({ shopName: "MugMagic", primaryColor: "#c2410c" });
      await handle.db.update(brandSettings).set({ shopName: "Eigener Name" });
      await handle.db.transaction((tx) => seedBrand(tx));
      expect((await brandRow())[0]?.shopName).toBe("Eigener Name");
      await handle.db.delete(brandSettings);
      await setEnv({ NODE_ENV: "production", SHOP_DEMO: undefined });
      await handle.db.transaction((tx) => seedBrand(tx));
      expect(await brandRow()).toHaveLength(0);
      await setEnv({ NODE_ENV: "production", SHOP_DEMO: "true" });
      await handle.db.transaction((tx) => seedBrand(tx));
      expect((await brandRow())[0]?.shopName).toBe("MugMagic");
    });

    it("lets npm run demo (the explicit SHOP_DEMO=true switch) use the default, with a warning", async () => {
      const email = "demo@test.local";
      const warnings = await capturedWarnings(() =>
        seedAdminAs({ NODE_ENV: "production", SHOP_DEMO: "true", DATABASE_URL: undefined, ADMIN_EMAIL: email, ADMIN_PASSWORD: undefined }),
      );
      const [admin] = await adminRow(email);
      expect(admin?.roles).toEqual(["admin"]);
      expect(await verifyPassword("admin12345", admin?.passwordHash)).toBe(true);
      expect(
        warnings.some((w) => w.includes("ADMIN_PASSWORD")),
        warnings.join("\n"),
      ).toBe(true);
    });

    it("npm run demo sets the demo switch; npm start does not", () => {
      const scripts = (JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { scripts: Record<string, string> })
        .scripts;
      expect(scripts.demo).toMatch(/\bSHOP_DEMO=true\b/);
      expect(scripts.start).not.toMatch(/SHOP_DEMO/);
    });

    it("development and tests keep the default password without complaint", async () => {
      const email = "dev@test.local";
      await seedAdminAs({
        NODE_ENV: "development",
        DATABASE_URL: "postgres://db.invalid/shop",
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: undefined,
      });
      const [admin] = await adminRow(email);
      expect(await verifyPassword("admin12345", admin?.passwordHash)).toBe(true);
    });

    it("a production start refuses an existing admin that still has the default password, naming ADMIN_PASSWORD", async () => {
      const { refuseDefaultAdminPassword } = await import("@/lib/seed/admin");
      const [demo] = await adminRow("demo@test.local");
      expect(demo?.roles).toEqual(["admin"]);
      await setEnv({ NODE_ENV: "production", SHOP_DEMO: undefined, DATABASE_URL: undefined });
      await expect(refuseDefaultAdminPassword(handle.db)).rejects.toThrow(
        expect.objectContaining({ name: "StartRefusedError", message: expect.stringMatching(/ADMIN_PASSWORD/) }),
      );
      await setEnv({ NODE_ENV: "production", SHOP_DEMO: "true" });
      await expect(refuseDefaultAdminPassword(handle.db)).resolves.toBeUndefined();
      await setEnv({ NODE_ENV: "development", SHOP_DEMO: undefined });
      await expect(refuseDefaultAdminPassword(handle.db)).resolves.toBeUndefined();
      const { hashPassword } = await import("@/lib/security/password");
      const strong = await hashPassword("a-strong-secret-9");
      await handle.db
        .update(users)
        .set({ passwordHash: strong })
        .where(eq(users.passwordHash, demo?.passwordHash ?? ""));
      const defaults = await handle.db.select({ email: users.email, hash: users.passwordHash }).from(users);
      for (const row of defaults) {
        if (await verifyPassword("admin12345", row.hash))
          await handle.db.update(users).set({ passwordHash: strong }).where(eq(users.email, row.email));
      }
      await setEnv({ NODE_ENV: "production", SHOP_DEMO: undefined });
      await expect(refuseDefaultAdminPassword(handle.db)).resolves.toBeUndefined();
    });

    it("the start-up path (openStartedDb's start-up work) runs the refusal in production", () => {
      const source = fs.readFileSync(path.join(process.cwd(), "lib/bootstrap/database.ts"), "utf8");
      expect(source).toMatch(/refuseDefaultAdminPassword\(/);
      // …and a refused start ends the process instead of serving on (Next only logs a failed hook).
      const hook = fs.readFileSync(path.join(process.cwd(), "instrumentation.ts"), "utf8");
      expect(hook).toMatch(/StartRefusedError[\s\S]*process\.exit\(1\)/);
    });
  });
});
