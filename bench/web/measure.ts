import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { freePort } from "./servers";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};
export const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;
const GZIP_LEVEL = 6;

export interface Chunk {
  url: string;
  gzipBytes: number;
  servedGzip: boolean;
}
export interface JsFigures {
  finalUrl: string;
  chunks: Chunk[];
  totalGzip: number;
  stripeRequested: boolean;
  stripeChunks: string[];
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

export async function newContext(browser: Browser, origin: string, cookie: string | undefined, phone: boolean): Promise<BrowserContext> {
  const context = await browser.newContext(phone ? PHONE : {});
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const i = pair.indexOf("=");
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: origin };
      }),
    );
  }
  // Stripe.js cannot be reached offline: record the request and answer an empty script.
  await context.route(/^https:\/\/js\.stripe\.com\//, (r) => r.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  return context;
}

function rawBody(url: string, cookie: string | undefined): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br, zstd" };
    if (cookie) headers.cookie = cookie;
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(parts), encoding: res.headers["content-encoding"] }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export async function servedGzipBytes(url: string, cookie: string | undefined): Promise<number> {
  const { body, encoding } = await rawBody(url, cookie);
  if (encoding === "gzip") return body.length;
  if (encoding) throw new Error(`${url}: unexpected content-encoding ${encoding}`);
  return zlib.gzipSync(body, { level: GZIP_LEVEL }).length;
}

const bodyCache = new Map<string, { gzipBytes: number; gzipped: boolean; stripe: boolean }>();

export async function firstLoadJs(browser: Browser, base: string, page: string, cookie: string | undefined): Promise<JsFigures> {
  const origin = new URL(base).origin;
  const context = await newContext(browser, origin, cookie, true);
  try {
    const tab = await context.newPage();
    const scripts = new Set<string>();
    let stripeRequested = false;
    tab.on("request", (req) => {
      if (req.url().startsWith("https://js.stripe.com/")) stripeRequested = true;
      if (req.resourceType() === "script" && req.url().startsWith(origin)) scripts.add(req.url());
    });
    await tab.goto(base + page, { waitUntil: "load" });
    await tab.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
    const chunks: Chunk[] = [];
    const stripeChunks: string[] = [];
    for (const url of scripts) {
      let figures = bodyCache.get(url);
      if (!figures) {
        const { body, encoding } = await rawBody(url, cookie);
        const gzipped = encoding === "gzip";
        const plain = gzipped ? zlib.gunzipSync(body) : encoding ? undefined : body;
        if (!plain) throw new Error(`${url}: unexpected content-encoding ${encoding}`);
        figures = {
          gzipBytes: gzipped ? body.length : zlib.gzipSync(plain, { level: GZIP_LEVEL }).length,
          gzipped,
          stripe: plain.includes("https://js.stripe.com"),
        };
        bodyCache.set(url, figures);
      }
      if (figures.stripe) stripeChunks.push(url.slice(origin.length));
      chunks.push({ url: url.slice(origin.length), gzipBytes: figures.gzipBytes, servedGzip: figures.gzipped });
    }
    chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const finalUrl = tab.url().slice(origin.length);
    return { finalUrl, chunks, totalGzip: chunks.reduce((s, c) => s + c.gzipBytes, 0), stripeRequested, stripeChunks };
  } finally {
    await context.close();
  }
}

export interface Vitals {
  lcpMs: number;
  cls: number;
}

export async function vitals(browser: Browser, base: string, page: string, cookie: string | undefined): Promise<Vitals> {
  const context = await newContext(browser, new URL(base).origin, cookie, true);
  try {
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await tab.goto(base + page, { waitUntil: "load", timeout: 120_000 });
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    await tab.waitForTimeout(1000);
    const result = await tab.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      return { lcpMs: w.__lcp, cls: w.__cls };
    });
    return result;
  } finally {
    await context.close();
  }
}

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  cls: number;
}

export async function lighthouseBrowser(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-lh-"));
  const child = spawn(
    CHROMIUM,
    ["--headless=new", `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...FLAGS, "about:blank"],
    { stdio: "ignore" },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  process.once("exit", () => child.kill("SIGTERM"));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { port, close };
    await new Promise((r) => setTimeout(r, 200));
  }
  await close();
  throw new Error("Chromium for Lighthouse did not open its DevTools port");
}

export async function lighthouseRun(port: number, url: string, cookie: string | undefined): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    onlyCategories: ["performance"],
    output: "json",
    logLevel: "error",
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
  };
}
