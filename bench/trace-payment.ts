// npm run bench:trace-payment [-- lib/services/orders/]
// Exact, not sampled: a sampling profiler misses short functions.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 3;
const BUYER = { email: "buyer@bench.local", password: "bench-buyer-pass-123" };
const NAME = { firstName: "Anna", lastName: "Muster" };
const [storageDir = "", dataDir = ""] = ["storage", "data"].map((dir) => fs.mkdtempSync(path.join(os.tmpdir(), `shop-trace-${dir}-`)));
Object.assign(process.env, { STORAGE_DIR: storageDir, DATA_DIR: dataDir, AUTH_SECRET: "bench-secret-".repeat(4), LOG_LEVEL: "silent" });
for (const key of ["DATABASE_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "SMTP_URL"]) delete process.env[key];

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call<T>(handler: Handler, url: string, body: unknown, cookie = "", expect = 200, params = {}) {
  const headers = { "accept-language": "en", "content-type": "application/json", cookie };
  const req = new Request(`http://localhost${url}`, { method: "POST", headers, body: JSON.stringify(body) });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${url}: ${res.status}, expected ${expect}: ${text.slice(0, 300)}`);
  return { json: JSON.parse(text) as T, headers: res.headers };
}
const session = new Session();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))));
const scripts = new Map<string, string>(); // scriptId → repo-relative path, for our lib/, app/, db/ files
const trace = globalThis as { __trace?: string[] };

async function instrument(): Promise<number> {
  const pending: Promise<unknown>[] = [];
  for (const [scriptId, rel] of scripts) {
    const { scriptSource } = await post<{ scriptSource: string }>("Debugger.getScriptSource", { scriptId });
    const source = ts.createSourceFile(rel, scriptSource, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    const condition = `globalThis.__trace?.push(${JSON.stringify(rel)}), false`;
    const visit = (node: ts.Node): void => {
      const body = ts.isFunctionLike(node) && "body" in node ? (node.body as ts.Node | undefined) : undefined;
      if (body) {
        const at = source.getLineAndCharacterOfPosition(body.getStart(source) + (ts.isBlock(body) ? 1 : 0));
        const location = { scriptId, lineNumber: at.line, columnNumber: at.character };
        pending.push(post("Debugger.setBreakpoint", { location, condition }));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  await Promise.all(pending);
  return pending.length;
}

async function main(): Promise<void> {
  const { openDb, setDbHandle } = await import("@/db/client");
  const { migrateAndSeed } = await import("@/lib/bootstrap/database");
  const { hashPassword } = await import("@/lib/security/password");
  const { users } = await import("@/db/schema");
  const { storeImage } = await import("@/lib/services/images");
  const { listPublicMugs } = await import("@/lib/services/catalog");
  const { flushAfterResponse } = await import("@/lib/request-context/after-response");
  const login = (await import("@/app/api/auth/login/route")).POST;
  const cartItems = (await import("@/app/api/user/cart/items/route")).POST;
  const placeOrder = (await import("@/app/api/user/orders/route")).POST;
  const sandboxPay = (await import("@/app/api/user/orders/[orderId]/payment/sandbox/route")).POST;

  const handle = await openDb({ pgliteDir: null });
  await migrateAndSeed(handle);
  setDbHandle(handle);
  const buyer = { ...BUYER, ...NAME, passwordHash: await hashPassword(BUYER.password) };
  const ownerId = (await handle.db.insert(users).values(buyer).returning({ id: users.id }))[0]?.id ?? 0;
  const cookie = (await call(login, "/api/auth/login", BUYER)).headers.get("set-cookie")?.split(";")[0] ?? "";
  const mug = (await listPublicMugs("en"))[0];
  const canvas = sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } });
  const bytes = await canvas.png().toBuffer();
  const contact = { ...NAME, email: BUYER.email, phone: "+49 30 1234567" };
  const address = { ...NAME, street1: "Hauptstraße 1", street2: null, city: "Berlin", postalCode: "10115", countryCode: "DE" };
  const checkout = { contact, shippingAddress: address, billingAddress: null, acceptWithdrawalWaiver: true };

  const newOrder = async (): Promise<string> => {
    const image = await storeImage({ bytes, use: "generated", format: "png", type: "GENERATED", ownerId, promptId: null });
    const item = { mugId: mug?.id, variantId: mug?.variants[0]?.id, imageId: image.id, quantity: 1 };
    await call(cartItems, "/api/user/cart/items", item, cookie, 201);
    const order = { ...checkout, idempotencyKey: crypto.randomUUID() };
    const placed = await call<{ order: { id: string } }>(placeOrder, "/api/user/orders", order, cookie, 201);
    await flushAfterResponse();
    return placed.json.order.id;
  };
  const click = async (orderId: string, into?: string[]) => {
    const card = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    trace.__trace = into;
    const paid = await call<{ status: string }>(sandboxPay, `/api/user/orders/${orderId}/payment/sandbox`, card, cookie, 200, { orderId });
    trace.__trace = undefined;
    if (paid.json.status !== "succeeded") throw new Error(`sandbox payment ${paid.json.status}`);
    await flushAfterResponse();
  };

  await click(await newOrder()); // warm-up: loads every module the click needs
  session.connect();
  session.on("Debugger.scriptParsed", ({ params }) => {
    const rel = params.url.startsWith("file://") ? path.relative(ROOT, fileURLToPath(params.url.split("?")[0] ?? "")) : "";
    if (/^(lib|app|db)\//.test(rel) && !rel.includes("node_modules")) scripts.set(params.scriptId, rel);
  });
  await post("Debugger.enable");
  const breakpoints = await instrument();
  const loaded = scripts.size;
  const runs: string[][] = [];
  for (let i = 0; i < RUNS; i++) {
    const entries: string[] = [];
    await click(await newOrder(), entries);
    runs.push(entries.filter((f, j) => f !== entries[j - 1]));
  }
  if (scripts.size !== loaded) console.warn(`warning: ${scripts.size - loaded} of our scripts were loaded during the measured clicks`);
  session.disconnect();
  await handle.close();
  const seq = runs[0] ?? [];
  const stable = runs.every((r) => r.join() === seq.join());
  console.log(`${breakpoints} functions in ${loaded} of our files instrumented; ${RUNS} clicks, same sequence each time: ${stable}`);
  report("lib/, app/ and db/", seq);
  report("lib/ and app/ only (db/ entries dropped)", seq, (f) => !f.startsWith("db/"));
  for (const prefix of process.argv.slice(2)) report(`${prefix} only`, seq, (f) => f.startsWith(prefix));
  report("folders (lib/<x> and lib/services/<x> as one, as in the floors test)", seq.map(folderOf), undefined, "folders");
  console.log(`\nSequence (${seq.length} file entries, consecutive repeats collapsed; * = return):`);
  seq.forEach((f, i) => console.log(`  ${String(i + 1).padStart(3)} ${seq.indexOf(f) < i ? "*" : " "} ${f}`));
}

function report(what: string, all: string[], keep = (_: string) => true, unit = "files"): void {
  const entries = all.filter(keep);
  const seq = entries.filter((f, i) => f !== entries[i - 1]);
  const distinct = [...new Set(seq)];
  console.log(`\n${what}: ${distinct.length} ${unit} passed, ${seq.length - distinct.length} returns`);
  for (const f of distinct) console.log(`  ${f}  (entered ${seq.filter((g) => g === f).length}×)`);
}

function folderOf(file: string): string {
  const [top = "", second = "", third = ""] = file.split("/");
  if (top !== "lib") return top;
  return second === "services" ? `lib/services/${third.replace(/\.tsx?$/, "")}` : `lib/${second.replace(/\.tsx?$/, "")}`;
}

try {
  await main();
} finally {
  for (const dir of [storageDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
}
