// node --expose-gc --import tsx --conditions=react-server bench/memory.ts [--quick] [--json]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const QUICK = process.argv.includes("--quick");
const JSON_OUT = process.argv.includes("--json");
const LOAD_S = QUICK ? 15 : 60;
const AFTER_S = QUICK ? 20 : 60;
const CONCURRENCY = 50;

const CUSTOMER = { email: "memory@bench.local", password: "bench-customer-pass-123" };
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-mem-storage-"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-mem-data-"));
Object.assign(process.env, {
  STORAGE_DIR: storageDir,
  DATA_DIR: dataDir,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
  LOG_LEVEL: "silent",
  CATALOG_CACHE_SECONDS: "3600",
});
delete process.env.DATABASE_URL;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface Sample {
  t: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
}

const MB = 1024 * 1024;
const mb = (b: number) => (b / MB).toFixed(0);
const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const { openDb, setDbHandle } = await import("@/db/client");
  const { startUpDb } = await import("@/lib/bootstrap/database");
  const handle = await openDb({ pgliteDir: path.join(dataDir, "pglite") });
  // PGlite's Emscripten module (not public API): its linear memory only grows, never shrinks.
  type Mod = { HEAPU8?: Uint8Array; HEAP8?: Int8Array; wasmMemory?: WebAssembly.Memory };
  const client = (handle.db as unknown as { $client?: { mod?: Mod } }).$client;
  const wasmBytes = () => {
    const mod = client?.mod;
    return mod?.wasmMemory?.buffer.byteLength ?? mod?.HEAPU8?.buffer.byteLength ?? mod?.HEAP8?.buffer.byteLength ?? 0;
  };
  try {
    await startUpDb(handle);
    setDbHandle(handle);
    const register = (await import("@/app/api/auth/register/route")).POST as Handler;
    const login = (await import("@/app/api/auth/login/route")).POST as Handler;
    const cart = (await import("@/app/api/user/cart/route")).GET as Handler;
    const orders = (await import("@/app/api/user/orders/route")).GET as Handler;
    const json = (body: unknown, cookie?: string) =>
      new Request("http://localhost/x", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": "en", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const ctx = { params: Promise.resolve({}) };
    await register(json({ ...CUSTOMER, firstName: "Memory", lastName: "Bench" }), ctx).then((r) => r.text());
    const res = await login(json(CUSTOMER), ctx);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (res.status !== 200 || !cookie.includes("=")) throw new Error(`login: ${res.status} ${await res.text()}`);
    const get = async (handler: Handler, url: string) => {
      const r = await handler(new Request(`http://localhost${url}`, { headers: { cookie, "accept-language": "en" } }), ctx);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`GET ${url}: ${r.status}`);
    };
    for (let i = 0; i < 50; i++) await Promise.all([get(cart, "/api/user/cart"), get(orders, "/api/user/orders")]);

    const start = performance.now();
    const samples: Sample[] = [];
    const sample = () => {
      const m = process.memoryUsage();
      samples.push({
        t: (performance.now() - start) / 1000,
        rss: m.rss,
        heapUsed: m.heapUsed,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        wasm: wasmBytes(),
      });
      return samples.at(-1) as Sample;
    };
    gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const idle = sample();
    const timer = setInterval(sample, 1000);

    let requests = 0;
    const until = performance.now() + LOAD_S * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        while (performance.now() < until) {
          await (i % 2 === 0 ? get(cart, "/api/user/cart") : get(orders, "/api/user/orders"));
          requests++;
          // In-process calls never leave the microtask queue for long: sample here too, not only on the timer.
          if (performance.now() - start - (samples.at(-1)?.t ?? 0) * 1000 >= 1000) sample();
        }
      }),
    );
    const loadEnd = sample();
    await new Promise((r) => setTimeout(r, AFTER_S * 1000 - 1000));
    gc?.();
    await new Promise((r) => setTimeout(r, 1000));
    clearInterval(timer);
    const after = sample();
    const peak = samples.reduce((a, s) => (s.rss > a.rss ? s : a), idle);

    console.log(
      `Node ${process.version}; PGlite on disk (${path.join(dataDir, "pglite")}); ${CONCURRENCY} concurrent loops of GET /api/user/cart and /api/user/orders (signed in) for ${LOAD_S} s: ${requests} requests (${(requests / LOAD_S).toFixed(0)}/s); gc ${gc ? "on" : "OFF (run with --expose-gc)"}`,
    );
    console.log("");
    const row = (name: string, s: Sample) =>
      `${name.padEnd(26)} ${s.t.toFixed(0).padStart(5)} ${mb(s.rss).padStart(7)} ${mb(s.heapUsed).padStart(9)} ${mb(s.external).padStart(9)} ${mb(s.arrayBuffers).padStart(13)} ${mb(s.wasm).padStart(10)}`;
    console.log(
      `${"MB".padEnd(26)} ${"t s".padStart(5)} ${"rss".padStart(7)} ${"heapUsed".padStart(9)} ${"external".padStart(9)} ${"arrayBuffers".padStart(13)} ${"PGlite wasm".padStart(10)}`,
    );
    console.log(row("idle (after setup)", idle));
    console.log(row("peak rss during load", peak));
    console.log(row("end of load", loadEnd));
    console.log(row(`${AFTER_S} s after the load`, after));
    console.log("");
    console.log("every 5 s:");
    for (const s of samples.filter((_, i) => i % 5 === 0)) console.log(row("", s));
    const ratio = after.rss / idle.rss;
    console.log(`\nrss ${AFTER_S} s after / idle: ${ratio.toFixed(2)}× (goal ≤ 1.5×)`);
    if (JSON_OUT) {
      console.log(
        JSON.stringify({
          rows: [
            {
              what: "memory on PGlite (rss)",
              today: `peak ${mb(peak.rss)} MB, ${AFTER_S} s after ${mb(after.rss)} MB`,
              control: `idle ${mb(idle.rss)} MB`,
              ratio: `${ratio.toFixed(2)}×`,
              goal: "back within 1.5× of idle 60 s after load ends",
              met: QUICK ? null : ratio <= 1.5,
            },
          ],
        }),
      );
    }
  } finally {
    setDbHandle(undefined);
    await handle.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
