// npm run bench:web -- [--runs N] [--no-build] [--pages /,cart,...] [--base-url URL] [--no-lighthouse]
import { build, customerWithCart, killAll, startControl, startShop, tempDirs, type Server } from "./servers";
import {
  firstLoadJs,
  launch,
  lighthouseBrowser,
  lighthouseRun,
  vitals,
  type JsFigures,
  type LighthouseFigures,
  type Vitals,
} from "./measure";
import { previewFirstFrame, type PreviewFigures } from "./preview";

interface PageSpec {
  path: string;
  signedIn: boolean;
  budgetKb: number;
}

const PAGES: PageSpec[] = [
  { path: "/", signedIn: false, budgetKb: 30 },
  { path: "/editor", signedIn: false, budgetKb: 50 },
  { path: "/cart", signedIn: true, budgetKb: 30 },
  { path: "/checkout", signedIn: true, budgetKb: 30 },
  { path: "/orders", signedIn: true, budgetKb: 30 },
  { path: "/my-images", signedIn: true, budgetKb: 30 },
  { path: "/login", signedIn: false, budgetKb: 30 },
  { path: "/account", signedIn: true, budgetKb: 30 },
];
const FLOOR = "floor";
const KB = 1024;

interface Options {
  runs: number;
  build: boolean;
  pages: PageSpec[];
  baseUrl?: string;
  lighthouse: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { runs: 5, build: true, pages: PAGES, lighthouse: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--runs") options.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--no-lighthouse") options.lighthouse = false;
    else if (arg === "--base-url") options.baseUrl = value().replace(/\/$/, "");
    else if (arg === "--pages") {
      const wanted = value()
        .split(",")
        .map((p) => (p.startsWith("/") ? p : `/${p}`));
      options.pages = PAGES.filter((p) => wanted.includes(p.path));
      const unknown = wanted.filter((w) => !PAGES.some((p) => p.path === w));
      if (unknown.length) throw new Error(`unknown pages ${unknown.join(", ")}; known: ${PAGES.map((p) => p.path).join(",")}`);
    } else if (arg === "--help" || arg === "-h") {
      console.log("npm run bench:web -- [--runs N] [--no-build] [--pages /,editor,cart,...] [--base-url URL] [--no-lighthouse]");
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

const median = (xs: number[]): number => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const kb = (bytes: number) => (bytes / KB).toFixed(1);
const fmt = (x: number, digits = 0) => (Number.isFinite(x) ? x.toFixed(digits) : "–");

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const servers: Server[] = [];
  try {
    if (options.build) build(!options.baseUrl);
    const dirs = tempDirs();
    const shop = options.baseUrl ? undefined : await startShop(dirs);
    if (shop) servers.push(shop);
    const control = await startControl();
    servers.push(control);
    const base = options.baseUrl ?? (shop as Server).url;
    console.error(`shop ${base}, control ${control.url}; creating the customer`);
    // A shop already running (--base-url) mails into its own data folder: DATA_DIR names it, as for the shop.
    const { cookie, design } = await customerWithCart(base, options.baseUrl ? (process.env.DATA_DIR ?? ".data") : dirs.DATA_DIR);

    const targets = [
      ...options.pages.map((p) => ({ key: p.path, base, path: p.path, cookie: p.signedIn ? cookie : undefined })),
      { key: FLOOR, base: control.url, path: "/", cookie: undefined },
    ];

    const browser = await launch();
    const js = new Map<string, JsFigures>();
    const vit = new Map<string, Vitals[]>();
    const preview: PreviewFigures[] = [];
    try {
      for (const t of targets) {
        // One warm-up load (the server compiles nothing, but fills its caches), then the measured one.
        await firstLoadJs(browser, t.base, t.path, t.cookie);
        js.set(t.key, await firstLoadJs(browser, t.base, t.path, t.cookie));
      }
      for (let run = 0; run < options.runs; run++) {
        for (const t of targets) {
          console.error(`LCP/CLS run ${run + 1}/${options.runs} ${t.key}`);
          const v = await vitals(browser, t.base, t.path, t.cookie).catch((err: unknown) => {
            console.error(`  failed: ${String(err).slice(0, 200)}`);
            return { lcpMs: Number.NaN, cls: Number.NaN };
          });
          vit.set(t.key, [...(vit.get(t.key) ?? []), v]);
        }
      }
      if (options.pages.some((p) => p.path === "/editor")) {
        for (let run = 0; run < options.runs; run++) {
          console.error(`3-D preview run ${run + 1}/${options.runs}`);
          const figures = await previewFirstFrame(browser, base, cookie, design).catch((err: unknown) => {
            console.error(`  failed: ${String(err).slice(0, 300)}`);
            return null;
          });
          if (figures) preview.push(figures);
        }
      }
    } finally {
      await browser.close();
    }

    const lh = new Map<string, LighthouseFigures[]>();
    let lighthouseNote = "";
    if (options.lighthouse) {
      const chrome = await lighthouseBrowser();
      try {
        for (let run = 0; run < options.runs; run++) {
          for (const t of targets) {
            console.error(`Lighthouse run ${run + 1}/${options.runs} ${t.key}`);
            const r = await lighthouseRun(chrome.port, t.base + t.path, t.cookie).catch((err: unknown) => {
              console.error(`  failed: ${String(err).slice(0, 200)}`);
              return { score: Number.NaN, lcpMs: Number.NaN, cls: Number.NaN };
            });
            lh.set(t.key, [...(lh.get(t.key) ?? []), r]);
          }
        }
      } finally {
        await chrome.close();
      }
    } else lighthouseNote = " (Lighthouse skipped: --no-lighthouse)";

    const stripeRequested = new Map<string, JsFigures>();
    if (shop) {
      await shop.stop();
      servers.splice(servers.indexOf(shop), 1);
      const withStripe = await startShop(dirs, true);
      servers.push(withStripe);
      const b = await launch();
      try {
        for (const p of options.pages) {
          const f = await firstLoadJs(b, withStripe.url, p.path, p.signedIn ? cookie : undefined);
          stripeRequested.set(p.path, f);
        }
      } finally {
        await b.close();
      }
    }

    report(options, js, vit, lh, stripeRequested, lighthouseNote);
    reportPreview(options, preview);
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    killAll();
  }
}

function report(
  options: Options,
  js: Map<string, JsFigures>,
  vit: Map<string, Vitals[]>,
  lh: Map<string, LighthouseFigures[]>,
  stripeRequested: Map<string, JsFigures>,
  lighthouseNote: string,
): void {
  const floorJs = js.get(FLOOR);
  if (!floorJs) throw new Error("the floor page was not measured");
  const floorLcp = median((vit.get(FLOOR) ?? []).map((v) => v.lcpMs));
  const floorLh = median((lh.get(FLOOR) ?? []).map((r) => r.score));
  const plain = new Set([...js.values()].flatMap((f) => f.chunks.filter((c) => !c.servedGzip).map((c) => c.url)));

  console.log(`\n## bench:web — ${new Date().toISOString()}, ${options.runs} runs per page, medians${lighthouseNote}\n`);
  console.log(
    `First-load JS: every same-origin script a first navigation requests until the network is idle, gzip bytes as served (Content-Encoding: gzip)${plain.size ? `; ${plain.size} script(s) came uncompressed (${[...plain].join(", ")}: under the 1 KB threshold of Next's compression, or a server that does not compress) and count here gzipped at level 6, Next's level` : ""}; KB = 1024 bytes.`,
  );
  console.log(
    `LCP/CLS: Chromium, ${"412×823"} phone viewport, 4× CPU slowdown and slow 4G (562.5 ms RTT, 1.47 Mbit/s) via CDP, cold cache. Lighthouse: mobile preset, performance only.\n`,
  );
  console.log(
    "| page | first-load JS gz KB | floor KB | Δ vs floor | goal | LCP ms | floor LCP | ratio (goal ≤1.5×) | CLS (goal 0) | Lighthouse | floor Lighthouse (goal ≥ floor−2) | met? |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const p of options.pages) {
    const f = js.get(p.path);
    if (!f) continue;
    const delta = f.totalGzip - floorJs.totalGzip;
    const jsOk = delta <= p.budgetKb * KB;
    const lcp = median((vit.get(p.path) ?? []).map((v) => v.lcpMs));
    const ratio = lcp / floorLcp;
    const cls = median((vit.get(p.path) ?? []).map((v) => v.cls));
    const score = median((lh.get(p.path) ?? []).map((r) => r.score));
    const checks = [jsOk, ratio <= 1.5, Number(cls.toFixed(3)) === 0];
    if (options.lighthouse) checks.push(score >= floorLh - 2);
    const redirected = f.finalUrl !== p.path ? ` (→ ${f.finalUrl})` : "";
    console.log(
      `| ${p.path}${redirected} | ${kb(f.totalGzip)} | ${kb(floorJs.totalGzip)} | ${delta >= 0 ? "+" : ""}${kb(delta)} | ≤ floor+${p.budgetKb} ${jsOk ? "✓" : "✗"} | ${fmt(lcp)} | ${fmt(floorLcp)} | ${fmt(ratio, 2)}× | ${fmt(cls, 3)} | ${fmt(score)} | ${fmt(floorLh)} | ${checks.every(Boolean) ? "yes" : "no"} |`,
    );
  }

  if (options.lighthouse) {
    console.log("\nLighthouse mobile (simulated throttling), medians:\n");
    console.log("| page | performance | LCP ms | CLS |");
    console.log("|---|---|---|---|");
    for (const key of [...options.pages.map((p) => p.path), FLOOR]) {
      const rs = lh.get(key) ?? [];
      console.log(
        `| ${key === FLOOR ? "floor (control /)" : key} | ${fmt(median(rs.map((r) => r.score)))} | ${fmt(median(rs.map((r) => r.lcpMs)))} | ${fmt(median(rs.map((r) => r.cls)), 3)} |`,
      );
    }
  }

  console.log("\nLargest chunks (gzip KB) and Stripe.js:\n");
  console.log(
    "| page | scripts | 5 largest chunks | chunks holding the Stripe.js loader (sandbox / Stripe keys) | js.stripe.com requested (sandbox / Stripe keys) |",
  );
  console.log("|---|---|---|---|---|");
  for (const key of [...options.pages.map((p) => p.path), FLOOR]) {
    const f = js.get(key);
    if (!f) continue;
    const top = f.chunks
      .slice(0, 5)
      .map((c) => `${c.url.replace("/_next/static/chunks/", "")} ${kb(c.gzipBytes)}`)
      .join(", ");
    const keyed = stripeRequested.get(key);
    const names = (urls: string[]) => (urls.length ? urls.map((u) => u.replace("/_next/static/chunks/", "")).join(", ") : "none");
    const withKeys = keyed ? (keyed.stripeRequested ? "yes" : "no") : "–";
    console.log(
      `| ${key === FLOOR ? "floor (control /)" : key} | ${f.chunks.length} | ${top} | ${names(f.stripeChunks)} / ${keyed ? names(keyed.stripeChunks) : "–"} | ${f.stripeRequested ? "yes" : "no"} / ${withKeys} |`,
    );
  }
}

function reportPreview(options: Options, runs: PreviewFigures[]): void {
  if (!options.pages.some((p) => p.path === "/editor")) return;
  console.log("\n3-D mug of the editor's preview step (phone profile: 4× CPU, slow 4G; from the click on Next on the generation step):\n");
  if (runs.length === 0) {
    console.log("not measured: every run failed (see above)\n");
    return;
  }
  const flat = runs.filter((r) => r.mode !== "3d").length;
  const cold = median(runs.map((r) => r.coldMs));
  const warm = median(runs.map((r) => r.warmMs));
  const scripts = runs[0]?.scripts ?? [];
  const total = scripts.reduce((sum, c) => sum + c.gzipBytes, 0);
  const largest = Math.max(0, ...scripts.map((c) => c.gzipBytes));
  console.log("| figure | median | goal |");
  console.log("|---|---|---|");
  console.log(
    `| first 3-D frame after opening the step (first time; the generation step fetched the code) | ${fmt(cold)} ms | ≤ 1000 ms ${cold <= 1000 ? "✓" : "✗"} |`,
  );
  console.log(`| first 3-D frame on opening it again (code already there) | ${fmt(warm)} ms | – |`);
  console.log(
    `| JS fetched on opening the step, gz KB | ${kb(total)} (${scripts.map((c) => `${c.url.replace("/_next/static/chunks/", "")} ${kb(c.gzipBytes)}`).join(", ") || "none"}) | largest chunk ≤ 150 ${largest <= 150 * KB ? "✓" : "✗"} |`,
  );
  if (flat) console.log(`\n${flat} of ${runs.length} runs showed the 2-D preview (no WebGL): their times are not frames of the 3-D mug.`);
}

main().catch((err: unknown) => {
  console.error(err);
  killAll();
  process.exit(1);
});
