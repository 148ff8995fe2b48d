import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import serverNodeFlags from "../../scripts/server-node-flags.json" with { type: "json" };
import { mailedToken } from "../outbox";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const AUTH_SECRET = "bench-web-secret-bench-web-secret-0123456789";

export interface Server {
  name: string;
  url: string;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}
process.once("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export function build(shop: boolean): void {
  for (const args of shop ? [["build"], ["build", "bench/control"]] : [["build", "bench/control"]]) {
    console.error(`building: next ${args.join(" ")}`);
    const r = spawnSync(process.execPath, [NEXT_BIN, ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`next ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  }
}

async function start(name: string, args: string[], env: Record<string, string>, readyPath: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...args, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(child);
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    running.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${stderr}`);
    if (
      await fetch(url + readyPath).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { name, url, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`${name} did not answer ${readyPath}: ${stderr}`);
}

export function tempDirs(): { DATA_DIR: string; STORAGE_DIR: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-"));
  process.once("exit", () => fs.rmSync(base, { recursive: true, force: true }));
  return { DATA_DIR: path.join(base, "data"), STORAGE_DIR: path.join(base, "storage") };
}

export function startShop(dirs: { DATA_DIR: string; STORAGE_DIR: string }, stripe = false): Promise<Server> {
  const payments: Record<string, string> = stripe
    ? {
        PAYMENTS_SANDBOX: "",
        STRIPE_SECRET_KEY: "sk_test_bench_web",
        STRIPE_PUBLISHABLE_KEY: "pk_test_bench_web",
        STRIPE_WEBHOOK_SECRET: "whsec_bench_web",
      }
    : { PAYMENTS_SANDBOX: "true", STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "" };
  return start(
    stripe ? "shop (Stripe keys)" : "shop",
    [...serverNodeFlags, "scripts/server.mjs"],
    {
      NODE_ENV: "production",
      ...dirs,
      DATABASE_URL: "",
      AUTH_SECRET,
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "bench-admin-Secret-42",
      USER_GENERATIONS_PER_HOUR: "1000",
      NEW_ACCOUNT_GENERATIONS_PER_HOUR: "1000",
      REGISTRATIONS_PER_HOUR: "1000",
      ...payments,
    },
    "/api/health",
  );
}

export function startControl(): Promise<Server> {
  return start("control", [NEXT_BIN, "start", "bench/control"], { NODE_ENV: "production" }, "/");
}

async function call(base: string, url: string, init: { cookie?: string; json?: unknown; form?: FormData } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const res = await fetch(base + url, { method: body === undefined ? "GET" : "POST", headers, body });
  if (!res.ok) throw new Error(`${body === undefined ? "GET" : "POST"} ${url} → ${res.status}: ${await res.text()}`);
  return res;
}

export interface Design {
  promptId: number;
  mugId: number;
  variantId: number;
  generation: { images: { id: number }[] };
}

export async function customerWithCart(base: string, dataDir: string): Promise<{ cookie: string; design: Design }> {
  const email = `bench-web-${Date.now()}@example.com`;
  const password = "bench-pass-123";
  await call(base, "/api/auth/register", { json: { email, password, firstName: "Bench", lastName: "Web" } });
  // Registering only mails a link; confirming it with the same password makes the account and signs in.
  const token = await mailedToken(dataDir, email, "confirm-registration");
  const reg = await call(base, "/api/auth/register/confirm", { json: { token, password } });
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter(Boolean)
    .join("; ");
  const prompts = (await (await call(base, "/api/prompts")).json()) as { id: number }[];
  const mugs = (await (await call(base, "/api/mugs")).json()) as { id: number; variants: { id: number }[] }[];
  const prompt = prompts[0];
  const mug = mugs[0];
  const variant = mug?.variants[0];
  if (!prompt || !mug || !variant) throw new Error("the seeded catalogue has a prompt and a mug with a variant");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="100%" height="100%" fill="#3a7bd5"/><circle cx="240" cy="180" r="90" fill="#f9d423"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "photo.jpg");
  form.set("promptId", String(prompt.id));
  form.set("mugId", String(mug.id));
  const generated = (await (await call(base, "/api/user/ai/images/generate", { cookie, form })).json()) as Design["generation"];
  const imageId = generated.images[0]?.id;
  if (imageId === undefined) throw new Error("the generator answered no image");
  const item = { mugId: mug.id, variantId: variant.id, imageId, quantity: 1 };
  await call(base, "/api/user/cart/items", { cookie, json: item });
  // One order for /orders (placing it empties the cart), then the cart filled again for /cart and /checkout.
  try {
    const address = {
      firstName: "Bench",
      lastName: "Web",
      street1: "Hauptstraße 1",
      street2: null,
      city: "Berlin",
      postalCode: "10115",
      countryCode: "DE",
    };
    await call(base, "/api/user/orders", {
      cookie,
      json: {
        idempotencyKey: crypto.randomUUID(),
        contact: { email, firstName: "Bench", lastName: "Web", phone: "+49 30 1234567" },
        shippingAddress: address,
        billingAddress: null,
        acceptWithdrawalWaiver: true,
      },
    });
  } catch (err) {
    console.error(`note: placing the order for /orders failed, /orders is measured empty (${String(err).slice(0, 200)})`);
  }
  const cart = (await (await call(base, "/api/user/cart", { cookie })).json()) as { items: unknown[] };
  if (cart.items.length === 0) await call(base, "/api/user/cart/items", { cookie, json: item });
  return { cookie, design: { promptId: prompt.id, mugId: mug.id, variantId: variant.id, generation: generated } };
}
