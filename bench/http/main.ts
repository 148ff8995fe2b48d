import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import serverNodeFlags from "../../scripts/server-node-flags.json" with { type: "json" };
import { assertBuilt, build, buildCommand, NEXT_BIN } from "./build";
import { catalogueCachingRow, htmlBytesRow, preflight } from "./checks";
import { freshPostgres, pgliteDatabase, type BenchDatabase } from "./database";
import { controlEnv, describeEnv, shopEnv } from "./environment";
import { EXTERNAL, externalCommand, runExternal } from "./external";
import { parseOptions, type Options } from "./options";
import { LOAD_ROWS, MEASUREMENTS, roundOrder, targetOf, type Figures, type Measurement } from "./rows";
import { seedShop } from "./seed";
import { cleanupAll, onCleanup, rssMiB, sampleRss, startServer, type Server } from "./servers";
import { failedRow, markdownTable, median, mib, ms, rps, times, type Row } from "./table";
import { checkWrk, runWrk, wrkCommandLine, type WrkResult } from "./wrk";

const SHOP_DIR = path.resolve(import.meta.dirname, "..", "..");
const MEMORY_LABEL = "memory (RSS of the shop server)";

const log = (line = "") => console.log(line);
const selected = (opts: Options, label: string) => !opts.only || label.toLowerCase().includes(opts.only);

function machineFacts(wrkVersion: string): string[] {
  const cpus = os.cpus();
  const next = JSON.parse(fs.readFileSync(path.join(SHOP_DIR, "node_modules/next/package.json"), "utf8")) as { version: string };
  let commit = "?";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: SHOP_DIR,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: SHOP_DIR,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (dirty) commit += " (with uncommitted changes)";
  } catch {
    // not a git checkout (a copy)
  }
  return [
    `Node ${process.version}, Next ${next.version}, ${wrkVersion}`,
    `${os.platform()}/${os.arch()}, ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} at the start`,
    `Checkout ${SHOP_DIR}, commit ${commit}`,
  ];
}

async function openDatabase(opts: Options): Promise<BenchDatabase> {
  const db = opts.pgUrl ? await freshPostgres(opts.pgUrl) : pgliteDatabase();
  onCleanup(db.drop);
  return db;
}

function controlQueries(
  databaseUrl: string | undefined,
  shopDataDir: string,
): { texts: Record<string, string>; databaseUrl?: string; pgliteDir?: string } {
  const printed = spawnSync("npx", ["tsx", "--conditions=react-server", "bench/http/query-text.ts"], { cwd: SHOP_DIR, encoding: "utf8" });
  if (printed.status !== 0) throw new Error(`bench/http/query-text.ts failed:\n${printed.stdout}\n${printed.stderr}`);
  const texts = JSON.parse(printed.stdout) as Record<string, string>;
  if (databaseUrl) return { texts, databaseUrl };
  // PGlite is one process's: the control opens a copy, taken while the shop is idle after the setup.
  const pgliteDir = path.join(tempDir("control-bench-pglite-"), "pglite");
  fs.cpSync(path.join(shopDataDir, "pglite"), pgliteDir, { recursive: true });
  return { texts, pgliteDir };
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function load(
  opts: Options,
  order: readonly Measurement[],
  targetFor: (m: Measurement) => ReturnType<typeof targetOf>,
): Promise<Map<string, Figures>> {
  const samples = new Map<string, WrkResult[]>();
  const unique = [...new Map(order.map((m) => [m.key, m])).values()];
  log(`Warm-up: ${opts.warmupS} s per measurement, not counted.`);
  for (const m of unique) await runWrk(targetFor(m), opts.warmupS);
  for (let round = 1; round <= opts.runs; round++) {
    log(`Round ${round}/${opts.runs}:`);
    for (const m of order) {
      const result = await runWrk(targetFor(m), opts.durationS);
      samples.set(m.key, [...(samples.get(m.key) ?? []), result]);
      log(
        `  ${m.side.padEnd(7)} ${m.path.padEnd(26)} c=${String(m.connections).padEnd(2)}  ${rps(result.rps).padStart(10)}  p50 ${ms(result.p50Ms).padStart(9)}  p99 ${ms(result.p99Ms).padStart(9)}`,
      );
    }
  }
  const figures = new Map<string, Figures>();
  for (const [key, list] of samples) {
    figures.set(key, {
      rps: median(list.map((r) => r.rps)),
      p50Ms: median(list.map((r) => r.p50Ms)),
      p99Ms: median(list.map((r) => r.p99Ms)),
    });
  }
  return figures;
}

async function memoryRow(opts: Options, shop: Server, idle: number, peak: number, database: "pglite" | "postgres"): Promise<Row> {
  log(`Memory: waiting ${opts.settleS} s after the load${opts.quick ? " (--quick: shortened from 60 s)" : ""}…`);
  await new Promise((r) => setTimeout(r, opts.settleS * 1000));
  const after = rssMiB(shop.pid);
  return {
    what: `${MEMORY_LABEL}, ${database === "pglite" ? "PGlite" : "PostgreSQL (the goal is for PGlite)"}: idle / peak under load / ${opts.settleS} s after${opts.settleS < 60 ? " (shortened by --quick)" : ""}`,
    today: `${mib(idle)} / ${mib(peak)} / ${mib(after)}`,
    control: "–",
    ratio: `after ${times(after, idle)} idle`,
    goal: "≤ 1.5× idle 60 s after the load",
    met: after <= 1.5 * idle,
  };
}

export async function main(argv: readonly string[]): Promise<void> {
  const opts = parseOptions(argv, process.env);
  const wrkVersion = checkWrk();
  const loadRows = LOAD_ROWS.filter((r) => selected(opts, r.label));
  const wantMemory = selected(opts, MEMORY_LABEL);
  const wantCaching = selected(opts, "catalogue caching ETag Cache-Control 304 GET /api/mugs, /api/prompts, /api/countries");
  const wantBytes = selected(opts, "/admin/vat, 50 rows, HTML bytes");
  const externals = EXTERNAL.filter((e) => selected(opts, `${e.what} ${e.script}`));
  const needHttp = loadRows.length > 0 || wantMemory || wantCaching || wantBytes;
  const needs = new Set(wantMemory ? MEASUREMENTS.map((m) => m.key) : loadRows.flatMap((r) => [...r.needs]));
  const commands: string[] = [];
  const ranked: { rank: number; row: Row }[] = [];
  const add = (rank: number, ...rows: Row[]) => ranked.push(...rows.map((row) => ({ rank, row })));

  log("# npm run bench (issue 12, server side)");
  log();
  for (const line of machineFacts(wrkVersion)) log(line);
  log(
    `Options: ${opts.runs} round(s), ${opts.durationS} s per measurement, warm-up ${opts.warmupS} s${opts.quick ? ", --quick" : ""}${opts.only ? `, --only "${opts.only}"` : ""}`,
  );
  log();

  try {
    if (needHttp) {
      for (const dir of [".", "bench/control"] as const) {
        if (opts.build) {
          log(`Building ${dir === "." ? "the shop" : "the control app"}: node ${buildCommand(dir).join(" ")} …`);
          log(`  done in ${(await build(SHOP_DIR, dir)).toFixed(0)} s`);
          commands.push(`(cd ${SHOP_DIR} && node ${buildCommand(dir).join(" ")})`);
        } else {
          assertBuilt(SHOP_DIR, dir);
        }
      }

      const db = await openDatabase(opts);
      const dataDir = tempDir("shop-bench-data-");
      const env = shopEnv({ data: dataDir, storage: path.join(dataDir, "storage") }, db.url);
      log(`Database: ${db.kind}`);
      if (db.url) {
        // A server database is never seeded by a starting shop: migrate and seed it as `npm run db:seed` does.
        const seed = spawnSync("npx", ["tsx", "scripts/db-seed.ts"], { cwd: SHOP_DIR, env, encoding: "utf8" });
        if (seed.status !== 0) throw new Error(`npx tsx scripts/db-seed.ts failed:\n${seed.stdout}\n${seed.stderr}`);
        commands.push("npx tsx scripts/db-seed.ts  (same environment as the shop)");
      }

      const shopPort = opts.port;
      const controlPort = opts.port + 1;
      log("Starting the shop…");
      const shop = await startServer({
        name: "shop",
        cwd: SHOP_DIR,
        args: [...serverNodeFlags, "scripts/server.mjs", "-p", String(shopPort)],
        env,
        port: shopPort,
        readyPath: "/api/health",
      });
      commands.push(`${describeEnv(env)} \\\n  ${shop.command}`);

      log("Setup through the shop's API (register, generate + cart, checkout + sandbox payment, admin login, VAT rates)…");
      const seeded = await seedShop(shop.baseUrl, dataDir);
      log(`  customer: ${seeded.orders} paid orders, ${seeded.cartItems} items in the cart; admin: ${seeded.vatRates} VAT rates`);
      const cookies = { customer: seeded.customer.cookieHeader(), admin: seeded.admin.cookieHeader() };

      const queries = needs.has("ordersQuery") || needs.has("cartQuery") ? controlQueries(db.url, dataDir) : undefined;
      log("Starting the control app…");
      const control = await startServer({
        name: "control",
        cwd: SHOP_DIR,
        args: [NEXT_BIN, "start", "bench/control", "-p", String(controlPort)],
        env: controlEnv(tempDir("control-bench-data-"), queries),
        port: controlPort,
        readyPath: "/api/constant",
      });
      commands.push(`NODE_ENV=production ${queries ? "CONTROL_QUERIES=<the SQL of bench/http/query-text.ts> " : ""}${control.command}`);
      const targetFor = (m: Measurement) => targetOf(m, m.side === "shop" ? shop.baseUrl : control.baseUrl, cookies, seeded.customerId);

      if (wantCaching)
        add(
          35,
          await catalogueCachingRow(shop.baseUrl).catch((err: unknown) =>
            failedRow("catalogue reads: ETag, Cache-Control, 304", "all present, 304", err),
          ),
        );
      if (wantBytes)
        add(
          45,
          await htmlBytesRow(shop.baseUrl, cookies.admin, control.baseUrl).catch((err: unknown) =>
            failedRow("/admin/vat HTML bytes vs /table", "≤ 1.5×", err),
          ),
        );

      const order = roundOrder(MEASUREMENTS.filter((m) => needs.has(m.key)));
      if (order.length > 0) {
        for (const m of new Set(order)) await preflight(targetFor(m));
        commands.push("# wrk, once per measurement and round (-c50 for the API rows, -c1 for the pages), e.g.:");
        for (const key of ["cart", "constant", "adminVat"]) {
          const m = order.find((x) => x.key === key);
          if (m) commands.push(wrkCommandLine(targetFor(m), opts.durationS));
        }
        await new Promise((r) => setTimeout(r, 2000));
        const idle = rssMiB(shop.pid);
        const sampler = sampleRss(shop.pid);
        const figures = await load(opts, order, targetFor);
        const peak = sampler.stop();
        const get = (key: string): Figures => {
          const f = figures.get(key);
          if (!f) throw new Error(`no figures for ${key}`);
          return f;
        };
        const database = db.url ? "postgres" : "pglite";
        for (const spec of loadRows) add(spec.rank, ...spec.make({ figures: get, database }));
        if (wantMemory) add(60, await memoryRow(opts, shop, idle, peak, database));
      }
      await control.stop();
      await shop.stop();
    }

    for (const e of externals) {
      log(`Running ${externalCommand(e.script).join(" ")} …`);
      commands.push(externalCommand(e.script).join(" "));
      add(e.rank, ...(await runExternal(e, SHOP_DIR, opts.pgUrl ? { ...process.env, BENCH_DATABASE_URL: opts.pgUrl } : process.env)));
    }
  } finally {
    await cleanupAll();
  }

  log();
  log("## Commands");
  log();
  log("```sh");
  for (const c of commands) log(c);
  log("```");
  log();
  log("## Results (medians of the rounds; ratio = shop ÷ control)");
  log();
  const rows = ranked.sort((a, b) => a.rank - b.rank).map((r) => r.row);
  log(markdownTable(rows));
  if (rows.some((r) => r.today.startsWith("not measured"))) process.exitCode = 1;
}
