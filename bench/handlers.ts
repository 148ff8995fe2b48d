// npm run bench:handlers [-- --json]; BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { formatTable, measure, type Result } from "./lib";

const ADMIN = { email: "admin@bench.local", password: "bench-admin-pass-123" };

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-storage-"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-data-"));
Object.assign(process.env, {
  STORAGE_DIR: storageDir,
  DATA_DIR: dataDir,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
  LOG_LEVEL: "silent",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  CATALOG_CACHE_SECONDS: "3600",
});
delete process.env.DATABASE_URL;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface CallOptions {
  method?: string;
  params?: Record<string, string>;
  body?: unknown;
  cookie?: string;
  expect?: number;
}

/** The body is read in full and the status checked: a failing case must not look fast. */
async function call(handler: Handler, url: string, opts: CallOptions = {}): Promise<{ text: string; headers: Headers }> {
  const headers: Record<string, string> = { "accept-language": "en" };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const req = new Request(`http://localhost${url}`, {
    method: opts.method ?? "GET",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  const expected = opts.expect ?? 200;
  if (res.status !== expected)
    throw new Error(`${opts.method ?? "GET"} ${url}: ${res.status}, expected ${expected}: ${text.slice(0, 300)}`);
  return { text, headers: res.headers };
}

interface BenchDb {
  kind: string;
  setupMs: number;
  close: () => Promise<void>;
}

async function openBenchDb(): Promise<BenchDb> {
  const { openDb, migrateDb, setDbHandle } = await import("@/db/client");
  const { seed } = await import("@/lib/seed");
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const started = performance.now();

  let dropDatabase = async () => {};
  let kind = "PGlite (embedded, in memory)";
  let url: string | undefined;
  if (serverUrl) {
    const { default: postgres } = await import("postgres");
    const name = `shop_bench_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await admin<{ version: string }[]>`SELECT current_setting('server_version') AS version`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const target = new URL(serverUrl);
      target.pathname = `/${name}`;
      url = target.toString();
      kind = `PostgreSQL ${row?.version ?? "?"} at ${target.host}, database ${name}`;
    } finally {
      await admin.end({ timeout: 5 });
    }
    dropDatabase = async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end({ timeout: 5 });
      }
    };
  }

  try {
    const handle = await openDb(url ? { url } : { pgliteDir: null });
    try {
      await migrateDb(handle);
      await seed(handle.db);
    } catch (err) {
      await handle.close();
      throw err;
    }
    setDbHandle(handle);
    return {
      kind,
      setupMs: performance.now() - started,
      close: async () => {
        setDbHandle(undefined);
        try {
          await handle.close();
        } finally {
          await dropDatabase();
        }
      },
    };
  } catch (err) {
    await dropDatabase();
    throw err;
  }
}

async function runCases(): Promise<Result[]> {
  const { invalidateCatalog } = await import("@/lib/services/catalog-cache");
  const mugs = (await import("@/app/api/mugs/route")).GET;
  const prompts = (await import("@/app/api/prompts/route")).GET;
  const countries = (await import("@/app/api/countries/route")).GET;
  const login = (await import("@/app/api/auth/login/route")).POST;
  const session = (await import("@/app/api/auth/session/route")).GET;
  const vat = await import("@/app/api/admin/vat/route");
  const vatById = await import("@/app/api/admin/vat/[vatId]/route");

  const signIn = async () => {
    const res = await call(login, "/api/auth/login", { method: "POST", body: ADMIN });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (!cookie.includes("=")) throw new Error("login answered no session cookie");
    return cookie;
  };
  const cookie = await signIn();

  const results: Result[] = [];
  const catalogue: [string, Handler][] = [
    ["/api/mugs", mugs],
    ["/api/prompts", prompts],
    ["/api/countries", countries],
  ];
  for (const [url, handler] of catalogue) {
    results.push(await measure(`GET ${url} warm (cached)`, { n: 500, warmup: 100 }, () => call(handler, url)));
    results.push(
      await measure(`GET ${url} cold (cache cleared)`, { n: 50, warmup: 10, before: invalidateCatalog }, () => call(handler, url)),
    );
  }

  results.push(await measure("GET /api/auth/session, no cookie", { n: 500, warmup: 100 }, () => call(session, "/api/auth/session")));
  results.push(
    await measure("GET /api/auth/session, admin cookie", { n: 500, warmup: 100 }, () => call(session, "/api/auth/session", { cookie })),
  );
  results.push(
    await measure("GET /api/admin/vat, admin cookie", { n: 500, warmup: 100 }, () => call(vat.GET, "/api/admin/vat", { cookie })),
  );

  let seq = 0;
  results.push(
    await measure("POST + DELETE /api/admin/vat", { n: 100, warmup: 10 }, async () => {
      const body = { name: `Bench rate ${++seq}`, percent: 7.5, description: "benchmark" };
      const res = await call(vat.POST, "/api/admin/vat", { method: "POST", body, cookie, expect: 201 });
      const { id } = JSON.parse(res.text) as { id: number };
      await call(vatById.DELETE, `/api/admin/vat/${id}`, { method: "DELETE", params: { vatId: String(id) }, cookie });
    }),
  );

  results.push(await measure("POST /api/auth/login (scrypt)", { n: 20, warmup: 3 }, signIn));
  results.push(...(await cartCases(cookie)));
  return results;
}

async function cartCases(cookie: string): Promise<Result[]> {
  const sharp = (await import("sharp")).default;
  const { getDb } = await import("@/db/client");
  const { users } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const { storeImage } = await import("@/lib/services/images");
  const { listPublicMugs } = await import("@/lib/services/catalog");
  const { flushAfterResponse } = await import("@/lib/request-context/after-response");
  const items = await import("@/app/api/user/cart/items/route");
  const cart = await import("@/app/api/user/cart/route");
  const [admin] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  const mug = (await listPublicMugs("en"))[0];
  const variant = mug?.variants[0];
  if (!admin || !mug || !variant) throw new Error("seeded admin and mug");
  const photo = await sharp({
    create: { width: 2400, height: 960, channels: 3, background: "#3377cc", noise: { type: "gaussian", mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
  let imageId = 0;
  const freshDesign = async () => {
    await call(cart.DELETE, "/api/user/cart", { method: "DELETE", cookie });
    imageId = (await storeImage({ bytes: photo, use: "generated", format: "jpeg", type: "GENERATED", ownerId: admin.id, promptId: null }))
      .id;
  };
  const add = () =>
    call(items.POST, "/api/user/cart/items", {
      method: "POST",
      body: { mugId: mug.id, variantId: variant.id, imageId },
      cookie,
      expect: 201,
    });
  const out: Result[] = [];
  const settled = async () => {
    await flushAfterResponse();
    await freshDesign();
  };
  out.push(
    await measure("POST /api/user/cart/items, new design (response; the last one's work done)", { n: 40, warmup: 5, before: settled }, add),
  );
  out.push(await measure("POST /api/user/cart/items, new design (response; back to back)", { n: 40, warmup: 5, before: freshDesign }, add));
  await flushAfterResponse();
  out.push(
    await measure(
      "POST /api/user/cart/items, new design, until after-response work is done",
      { n: 20, warmup: 3, before: freshDesign },
      async () => {
        await add();
        await flushAfterResponse();
      },
    ),
  );
  await freshDesign();
  for (let i = 0; i < 3; i++) {
    await add();
    await flushAfterResponse();
    imageId = (await storeImage({ bytes: photo, use: "generated", format: "jpeg", type: "GENERATED", ownerId: admin.id, promptId: null }))
      .id;
  }
  out.push(await measure("GET /api/user/cart, 3 lines", { n: 300, warmup: 50 }, () => call(cart.GET, "/api/user/cart", { cookie })));
  return out;
}

async function sessionRow(): Promise<void> {
  let db: BenchDb | undefined;
  try {
    db = await openBenchDb();
    const { getRequestSession } = await import("@/lib/auth/session");
    const login = (await import("@/app/api/auth/login/route")).POST;
    const res = await call(login, "/api/auth/login", { method: "POST", body: ADMIN });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const req = new Request("http://localhost/api/auth/session", { headers: { cookie } });
    if (!(await getRequestSession(req))) throw new Error("the admin cookie resolves to no session");
    const rounds: Result[] = [];
    for (let round = 0; round < 3; round++) {
      rounds.push(await measure("getRequestSession", { n: 2000, warmup: 200 }, () => getRequestSession(req)));
    }
    const mid = [...rounds].sort((a, b) => a.medianMs - b.medianMs)[1] as Result;
    const row = {
      what: `session resolution per request, in-process (getRequestSession: token + user lookup, ${db.kind.split(" ")[0]})`,
      today: `${mid.medianMs.toFixed(3)} ms (p95 ${mid.p95Ms.toFixed(3)} ms)`,
      control: "–",
      ratio: "–",
      goal: "≤ 0.5 ms",
      met: mid.medianMs <= 0.5,
    };
    console.log(JSON.stringify({ rows: [row] }));
  } finally {
    await db?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes("--json")) return sessionRow();
  let db: BenchDb | undefined;
  let results: Result[];
  try {
    db = await openBenchDb();
    results = await runCases();
  } finally {
    await db?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const cpus = os.cpus();
  console.log(`Node ${process.version} on ${os.platform()}/${os.arch()}, ${cpus[0]?.model ?? "unknown CPU"} (${cpus.length} cores)`);
  console.log(`Database: ${db.kind} — created, migrated and seeded in ${(db.setupMs / 1000).toFixed(1)} s`);
  console.log("");
  console.log(formatTable(results));
  console.log(`
What these figures mean:
- Route handlers are called in-process, one request at a time, with a real Request; the response
  body is read in full. Next's HTTP server, routing and proxy.ts are not included (about 1 ms more
  per request, architecture.md "Speed, measured on this machine"): a real server answers fewer.
- req/s is 1000 / mean latency of sequential calls: one client's throughput, not a concurrency
  test. The mean includes garbage-collection pauses that the median hides.
- warm: the catalogue comes from the in-memory cache (no query); cold: invalidateCatalog() before each
  call (untimed), so every call runs the catalogue queries again.
- A session cookie costs decrypting the token (Auth.js JWE) plus one user query; admin/vat adds
  one more query.
- Login is dominated by scrypt (N=2^15, r=8: ~32 MiB, off the main thread in libuv's pool).
- PGlite runs each query synchronously on the main thread; PostgreSQL queries leave it while waiting.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
