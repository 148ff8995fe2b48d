import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDbHandle, peekDbHandle, setDbHandle } from "@/db/client";
import { countries, users, vatRates } from "@/db/schema";
import { bootstrap } from "@/lib/bootstrap";
import { serverUrl, tempDir, useServer } from "../helpers/test-db";

const saved = {
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  DB_AUTO_MIGRATE: process.env.DB_AUTO_MIGRATE,
  DB_AUTO_SEED: process.env.DB_AUTO_SEED,
};

async function closeCurrent() {
  const handle = await peekDbHandle()?.catch(() => undefined);
  setDbHandle(undefined);
  await handle?.close();
}

afterEach(async () => {
  await closeCurrent();
  Object.assign(process.env, saved);
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
});

describe("the process-wide database", () => {
  // First in this file: nothing has called bootstrap() in this process yet.
  it("db/ opens nothing by itself: before the bootstrap, getDbHandle() refuses with a clear message", async () => {
    setDbHandle(undefined);
    await expect(getDbHandle()).rejects.toThrow(/lib\/bootstrap/);
    expect(peekDbHandle()).toBeUndefined();
  });

  if (!useServer) {
    it("without DATABASE_URL: bootstrap creates PGlite in DATA_DIR, migrates and seeds on first use; a restart does not re-seed what was deleted", async () => {
      const dir = tempDir("shop-db-client-");
      delete process.env.DATABASE_URL;
      process.env.DATA_DIR = dir;
      setDbHandle(undefined);

      const first = await bootstrap();
      expect(first.kind).toBe("pglite");
      expect(fs.existsSync(path.join(dir, "pglite"))).toBe(true);
      expect(await first.db.$count(countries)).toBeGreaterThan(25);
      expect(await first.db.$count(users, eq(users.email, "admin@test.local"))).toBe(1);
      // Once per process: every later first use shares the same handle.
      expect(await getDbHandle()).toBe(first);
      expect(await bootstrap()).toBe(first);
      await first.db.delete(vatRates).where(eq(vatRates.name, "Reduced"));
      await closeCurrent();

      const second = await getDbHandle();
      expect(await second.db.$count(vatRates, eq(vatRates.name, "Reduced"))).toBe(0);
      expect(await second.db.$count(countries)).toBeGreaterThan(25);
      fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it("DB_AUTO_SEED=false: a new PGlite database is migrated but left empty", async () => {
      const dir = tempDir("shop-db-client-noseed-");
      delete process.env.DATABASE_URL;
      process.env.DATA_DIR = dir;
      process.env.DB_AUTO_SEED = "false";
      setDbHandle(undefined);
      const handle = await bootstrap();
      expect(handle.kind).toBe("pglite");
      expect(await handle.db.$count(vatRates)).toBe(0);
      expect(await handle.db.$count(countries)).toBe(0);
      await closeCurrent();
      fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);
  } else {
    it("with DATABASE_URL: uses postgres.js and migrates when DB_AUTO_MIGRATE=true", async () => {
      const name = `shop_test_client_${randomBytes(4).toString("hex")}`;
      const { default: postgres } = await import("postgres");
      const admin = postgres(serverUrl("postgres"), { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${name}`);
      try {
        process.env.DATABASE_URL = serverUrl(name);
        process.env.DB_AUTO_MIGRATE = "true";
        setDbHandle(undefined);
        const handle = await bootstrap();
        expect(handle.kind).toBe("postgres");
        const rows = await handle.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'vat_rates'`);
        expect(JSON.stringify(rows)).toContain('"n":1');
        // The server database is never auto-seeded: demo data is an explicit `npm run db:seed`.
        expect(await handle.db.$count(countries)).toBe(0);
        await closeCurrent();
      } finally {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });

    it("with DATABASE_URL and without DB_AUTO_MIGRATE: the server database is opened as it is, not migrated", async () => {
      const name = `shop_test_client_${randomBytes(4).toString("hex")}`;
      const { default: postgres } = await import("postgres");
      const admin = postgres(serverUrl("postgres"), { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${name}`);
      try {
        process.env.DATABASE_URL = serverUrl(name);
        delete process.env.DB_AUTO_MIGRATE;
        setDbHandle(undefined);
        const handle = await bootstrap();
        expect(handle.kind).toBe("postgres");
        const rows = await handle.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'vat_rates'`);
        expect(JSON.stringify(rows)).toContain('"n":0');
        await closeCurrent();
      } finally {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  }
});
