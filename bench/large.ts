// npm run seed:large && npx tsx --conditions=react-server bench/large.ts [--explain] [--json]
import { parseArgs } from "node:util";
import { formatTable, measure, type Result } from "./lib";

const { values: args } = parseArgs({
  options: {
    only: { type: "string", default: "" },
    json: { type: "boolean", default: false },
    explain: { type: "boolean", default: false },
    n: { type: "string", default: "40" },
  },
});
const url = process.env.LARGE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_large";
Object.assign(process.env, {
  LOG_LEVEL: "silent",
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123456789",
});
delete process.env.DATABASE_URL;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
interface Case {
  what: string;
  goal: number;
  handler: () => Promise<Handler>;
  url: string;
}

const year = new Date().getFullYear() - 1;
const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

const CASES: Case[] = [
  {
    what: "order list, default (open orders)",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/orders/route")).GET,
    url: "/api/admin/orders",
  },
  {
    what: "order list, all, page 200",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/orders/route")).GET,
    url: "/api/admin/orders?status=all&page=200",
  },
  {
    what: "order list, searched by name",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/orders/route")).GET,
    url: `/api/admin/orders?status=all&q=${encodeURIComponent("Anna Weber")}`,
  },
  {
    what: "order list, a quarter (date range)",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/orders/route")).GET,
    url: `/api/admin/orders?status=all&from=${year}-01-01&to=${year}-03-31`,
  },
  {
    what: "customer list, default (last order)",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/customers/route")).GET,
    url: "/api/admin/customers",
  },
  {
    what: "customer list, searched by name",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/customers/route")).GET,
    url: `/api/admin/customers?q=${encodeURIComponent("Anna Weber")}`,
  },
  {
    what: "customer list, by spent, page 50",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/customers/route")).GET,
    url: "/api/admin/customers?sort=-spent&page=50",
  },
  {
    what: "dashboard, 30 days",
    goal: 150,
    handler: async () => (await import("@/app/api/admin/dashboard/route")).GET,
    url: "/api/admin/dashboard?preset=30d",
  },
  {
    what: "dashboard, a year",
    goal: 300,
    handler: async () => (await import("@/app/api/admin/dashboard/route")).GET,
    url: `/api/admin/dashboard?from=${year}-01-01&to=${year}-12-31`,
  },
];

interface Captured {
  text: string;
  params: unknown[];
}

async function main(): Promise<void> {
  if (!global.gc) {
    const { spawnSync } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    const flags = ["--expose-gc", "--max-old-space-size=512", "--import", "tsx", "--conditions=react-server"];
    const child = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit" });
    process.exit(child.status ?? 1);
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const schema = await import("@/db/schema");
  const { setDbHandle } = await import("@/db/client");
  let capture: Captured[] | null = null;
  const client = postgres(url, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    debug: (_conn, text, params) => capture?.push({ text, params: [...params] }),
  });
  try {
    const [row] = await client<{ orders: number }[]>`select count(*)::int as orders from orders`;
    const orders = row?.orders ?? 0;
    if (orders < 10_000) throw new Error(`only ${orders} orders`);
  } catch (err) {
    await client.end();
    const why = `skipped: no large database at ${new URL(url).host}${new URL(url).pathname} (${err instanceof Error ? err.message : String(err)}); run npm run seed:large`;
    if (args.json)
      console.log(
        JSON.stringify({
          rows: [{ what: "back office on five years of data", today: why, control: "–", ratio: "–", goal: "–", met: null }],
        }),
      );
    else console.log(why);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's Db type over this client
  setDbHandle({ db: drizzle(client, { schema, casing: "snake_case" }) as any, kind: "postgres", close: () => client.end() });

  const { DEFAULT_ADMIN } = await import("@/db/seed-data");
  const login = (await import("@/app/api/auth/login/route")).POST;
  const signedIn = await login(
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({
        email: process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
        password: process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
      }),
    }),
    { params: Promise.resolve({}) },
  );
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (signedIn.status !== 200 || !cookie.includes("=")) throw new Error(`admin sign-in answered ${signedIn.status}`);

  const call = async (handler: Handler, path: string) => {
    const res = await handler(new Request(`http://localhost${path}`, { headers: { cookie, "accept-language": "en" } }), {
      params: Promise.resolve({}),
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
    return body;
  };

  const results: { c: Case; r: Result }[] = [];
  const plans: string[] = [];
  for (const c of CASES.filter((x) => x.what.includes(args.only))) {
    const handler = await c.handler();
    const r = await measure(c.what, { n: Number(args.n), warmup: 5 }, () => call(handler, c.url));
    results.push({ c, r });
    if (args.explain) {
      capture = [];
      await call(handler, c.url);
      const queries = capture;
      capture = null;
      for (const q of queries.filter((q) => /^\s*select/i.test(q.text))) {
        const rows = await client.unsafe(`explain (analyze, costs off, timing off, summary on) ${q.text}`, q.params as never[]);
        plans.push(`-- ${c.what} (${c.url})\n${q.text}\n${rows.map((row) => Object.values(row)[0]).join("\n")}`);
      }
    }
  }

  const exportRow = await measureExport(cookie);
  await client.end();

  if (args.json) {
    const rows = results.map(({ c, r }) => ({
      what: `${c.what} (five years, PostgreSQL)`,
      today: `p95 ${r.p95Ms.toFixed(0)} ms, median ${r.medianMs.toFixed(0)} ms`,
      control: "–",
      ratio: "–",
      goal: `p95 ≤ ${c.goal} ms`,
      met: r.p95Ms <= c.goal,
    }));
    rows.push(exportRow);
    console.log(JSON.stringify({ rows }));
    return;
  }
  console.log(formatTable(results.map((x) => x.r)));
  for (const { c, r } of results)
    console.log(`${r.p95Ms <= c.goal ? "met " : "MISS"}  ${c.what}: p95 ${r.p95Ms.toFixed(0)} ms (goal ≤ ${c.goal} ms)`);
  console.log(`${exportRow.met ? "met " : "MISS"}  ${exportRow.what}: ${exportRow.today} (goal ${exportRow.goal})`);
  if (plans.length) console.log(`\n${plans.join("\n\n")}`);
}

async function measureExport(cookie: string) {
  const handler = (await import("@/app/api/admin/orders/export/route")).GET;
  const path = `/api/admin/orders/export?from=${yearAgo}&to=${today}&format=csv`;
  // A day's export first loads what any export loads once, so the figure is what a year adds.
  const warm = await handler(
    new Request(`http://localhost/api/admin/orders/export?from=${today}&to=${today}&format=csv`, {
      headers: { cookie, "accept-language": "en" },
    }),
    {
      params: Promise.resolve({}),
    },
  );
  await warm.arrayBuffer();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let heapPeak = process.memoryUsage().heapUsed;
  const heapBefore = heapPeak;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 20);
  const started = performance.now();
  const res = await handler(new Request(`http://localhost${path}`, { headers: { cookie, "accept-language": "en" } }), {
    params: Promise.resolve({}),
  });
  if (res.status !== 200 || !res.body) throw new Error(`GET ${path}: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growthMb = (peak - before) / 1024 / 1024;
  return {
    what: "CSV export of a year (five years, PostgreSQL)",
    today: `${(lines - 1).toLocaleString("en")} lines, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s; memory +${growthMb.toFixed(0)} MB (heap +${((heapPeak - heapBefore) / 1024 / 1024).toFixed(0)} MB)`,
    control: "–",
    ratio: "–",
    goal: "memory ≤ +50 MB",
    met: growthMb <= 50,
  };
}

main().catch((err: unknown) => {
  console.error("bench/large failed:", err);
  process.exit(1);
});
