import path from "node:path";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  url?: string;
  onClose?: (fn: () => Promise<void>) => void;
}

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

export async function openDb(opts: { url?: string; pgliteDir?: string | null; loadDataDir?: Blob }): Promise<DbHandle> {
  if (opts.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(opts.url, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
      connection: { application_name: "mug-shop" },
      // postgres.js's default backoff grows to 20 s; after an outage the shop must answer again within a second or so.
      backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1),
    });
    const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
    const closers: Array<() => Promise<void>> = [];
    const close = async () => {
      await Promise.allSettled(closers.map((fn) => fn()));
      await client.end({ timeout: 5 });
    };
    return { db, kind: "postgres", close, url: opts.url, onClose: (fn) => void closers.push(fn) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.pgliteDir ?? undefined,
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants its driver-specific type
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants its driver-specific type
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

type Opener = () => Promise<DbHandle>;
type Holder = { handle?: Promise<DbHandle>; factory?: Opener; opener?: Opener };
const holder = ((globalThis as { __shopDb?: Holder }).__shopDb ??= {});

export function setDbOpener(opener: Opener | undefined): void {
  holder.opener = opener;
}

/** One per process on globalThis: Next loads this module several times. */
export function getDbHandle(): Promise<DbHandle> {
  if (holder.handle) return holder.handle;
  const open = holder.factory ?? holder.opener;
  if (!open) {
    return Promise.reject(
      new Error(
        "No database opener: the server installs one through lib/bootstrap (instrumentation.ts); scripts and tests call setDbHandle()",
      ),
    );
  }
  const pending = open().catch((err: unknown) => {
    if (holder.handle === pending) holder.handle = undefined;
    throw err;
  });
  holder.handle = pending;
  return pending;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export function setDbHandle(handle: DbHandle | (() => Promise<DbHandle>) | undefined): void {
  holder.handle = handle === undefined ? undefined : typeof handle === "function" ? undefined : Promise.resolve(handle);
  holder.factory = typeof handle === "function" ? handle : undefined;
}

export function peekDbHandle(): Promise<DbHandle> | undefined {
  return holder.handle;
}
