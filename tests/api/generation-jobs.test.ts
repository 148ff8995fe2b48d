import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as publicGenerate from "@/app/api/public/images/generate/route";
import * as userGenerate from "@/app/api/user/ai/images/generate/route";
import * as jobRoute from "@/app/api/generations/[jobId]/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { generations } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { generationJobResponse, type GenerateResponse, type GenerationJobResponse } from "@/lib/schemas/images";
import { activePromptAndMug, ownStorage } from "../helpers/generation";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { makeJpeg, photoForm } from "../helpers/images";

type ErrorBody = { message: string };

let promptId: number;
let mugId: number;
let photo: Buffer;
let guestCookie: string;

beforeAll(async () => {
  ownStorage("shop-test-generation-jobs-");
  ({ promptId, mugId } = await activePromptAndMug());
  photo = await makeJpeg(640, 480);
  process.env.NEW_ACCOUNT_GENERATIONS_PER_HOUR = "1000";
  resetEnvCache();
  const reg = await call((await import("@/app/api/auth/register/route")).POST, {
    method: "POST",
    body: { email: "guest-jobs@example.com", guest: true },
  });
  guestCookie = cookieFrom(reg);
});

afterEach(() => {
  delete process.env.OFFLINE_AI_DELAY_MS;
  delete process.env.AI_TIMEOUT_MS;
  delete process.env.GUEST_GENERATIONS_PER_HOUR;
  resetEnvCache();
});

const cookieOf = async (role: Role | "guest") => (role === "guest" ? guestCookie : cookieFor(role));

function generate(opts: { jobId?: string; cookie?: string; ip?: string; asUser?: boolean; locale?: string; signal?: AbortSignal }) {
  const fields: Record<string, string | number> = { promptId, mugId };
  if (opts.jobId !== undefined) fields.jobId = opts.jobId;
  const path = opts.asUser ? "/api/user/ai/images/generate" : "/api/public/images/generate";
  const headers: Record<string, string> = { "accept-language": opts.locale ?? "en", "x-forwarded-for": opts.ip ?? "203.0.113.50" };
  if (opts.cookie) headers.cookie = opts.cookie;
  // A real Request (with the caller's abort signal), exactly as Next hands it to the route.
  const req = new Request(`http://localhost${path}`, { method: "POST", headers, body: photoForm(photo, fields), signal: opts.signal });
  const handler = opts.asUser ? userGenerate.POST : publicGenerate.POST;
  return handler(req, { params: Promise.resolve({}) }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as GenerateResponse & ErrorBody,
  }));
}

const getJob = (jobId: string, opts: { cookie?: string; locale?: string } = {}) =>
  call<GenerationJobResponse & ErrorBody>(jobRoute.GET, {
    path: `/api/generations/${jobId}`,
    params: { jobId },
    cookie: opts.cookie,
    headers: { "accept-language": opts.locale ?? "en" },
  });

/** Asks for the job until `done` says so (the work runs concurrently in this process). */
async function pollJob(jobId: string, done: (job: { status: number; body: GenerationJobResponse }) => boolean, cookie?: string) {
  for (let i = 0; i < 400; i++) {
    const res = await getJob(jobId, { cookie });
    if (done(res)) return res;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${jobId} never reached the expected state`);
}

async function generationCount(jobId?: string): Promise<number> {
  return (await getDb()).$count(generations, jobId ? eq(generations.clientJobId, jobId) : undefined);
}

describe("GET /api/generations/{jobId}", () => {
  it("a finished job answers like the POST did, with URLs an anonymous visitor can open", async () => {
    const jobId = randomUUID();
    const posted = await generate({ jobId });
    expect(posted.status).toBe(200);
    const job = await getJob(jobId);
    expect(job.status).toBe(200);
    expect(job.headers.get("cache-control")).toContain("no-store");
    expect(generationJobResponse.safeParse(job.body).success).toBe(true);
    expect(job.body).toMatchObject({ jobId, status: "succeeded" });
    expect(job.body.result).toEqual(posted.body);
    const [first] = job.body.result?.images ?? [];
    if (!first) throw new Error("one image");
    expect(first.url).toMatch(/\?key=/);
    const u = new URL(first.url, "http://localhost");
    const img = await call(imageRoute.GET, { path: u.pathname + u.search, params: { imageId: String(first.id) } });
    expect(img.status).toBe(200);
  }, 120_000);

  it("access: a user's job only for that user; a job without a user for whoever has its id; unknown → 404", async () => {
    const customerJob = randomUUID();
    expect((await generate({ jobId: customerJob, asUser: true, cookie: await cookieFor("customer") })).status).toBe(200);
    const guestJob = randomUUID();
    expect((await generate({ jobId: guestJob, cookie: guestCookie, ip: "203.0.113.51" })).status).toBe(200);
    const anonymousJob = randomUUID();
    expect((await generate({ jobId: anonymousJob, ip: "203.0.113.52" })).status).toBe(200);

    const matrix: [string, Role | "guest", number][] = [
      [customerJob, "customer", 200],
      [customerJob, "other", 404],
      [customerJob, "admin", 404],
      [customerJob, "guest", 404],
      [customerJob, "anonymous", 404],
      [guestJob, "guest", 200],
      [guestJob, "customer", 404],
      [guestJob, "anonymous", 404],
      [anonymousJob, "anonymous", 200],
      [anonymousJob, "other", 200],
      [anonymousJob, "guest", 200],
    ];
    for (const [jobId, role, status] of matrix) {
      const res = await getJob(jobId, { cookie: await cookieOf(role) });
      expect(res.status, `${role} → ${jobId === customerJob ? "customer" : jobId === guestJob ? "guest" : "anonymous"} job`).toBe(status);
      if (status === 404) expect(res.body.message).toBe("Not found");
    }
    // A user's job: the image URLs are plain (the owner's session opens them).
    const own = await getJob(customerJob, { cookie: await cookieFor("customer") });
    expect(own.body.result?.images[0]?.url).toMatch(/^\/api\/images\/\d+$/);

    expect((await getJob(randomUUID())).status).toBe(404);
    expect((await getJob("not-a-uuid")).status).toBe(404);
    expect((await getJob("12345")).status).toBe(404);
  }, 120_000);

  it("reattach while running: the job survives an aborted request, reports running with its start, then its result", async () => {
    process.env.OFFLINE_AI_DELAY_MS = "1500";
    resetEnvCache();
    const jobId = randomUUID();
    const browser = new AbortController();
    const pending = generate({ jobId, signal: browser.signal, ip: "203.0.113.53" });

    const running = await pollJob(jobId, (r) => r.status === 200);
    expect(running.body.status).toBe("running");
    expect(running.body.result).toBeUndefined();
    expect(Number.isNaN(Date.parse(running.body.startedAt))).toBe(false);
    expect(running.body.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(generationJobResponse.safeParse(running.body).success).toBe(true);

    // The browser goes away (reload, closed tab): the work goes on.
    browser.abort();
    const done = await pollJob(jobId, (r) => r.body.status !== "running");
    expect(done.body.status).toBe("succeeded");
    expect(done.body.startedAt).toBe(running.body.startedAt);
    expect(done.body.result?.images.length).toBeGreaterThan(0);
    expect(done.body.result?.offline).toBe(true);
    await pending.catch(() => undefined);
    expect(await generationCount(jobId)).toBe(1);
  }, 120_000);

  it("the POST still answers with the result when the browser stays", async () => {
    process.env.OFFLINE_AI_DELAY_MS = "300";
    resetEnvCache();
    const jobId = randomUUID();
    const res = await generate({ jobId, ip: "203.0.113.54" });
    expect(res.status).toBe(200);
    expect(res.body.images.length).toBeGreaterThan(0);
    expect((await getJob(jobId)).body.result).toEqual(res.body);
  }, 120_000);

  it("a job id used before → 409, no second run, nothing counted against the limit", async () => {
    process.env.GUEST_GENERATIONS_PER_HOUR = "2";
    resetEnvCache();
    const ip = "203.0.113.55";
    const jobId = randomUUID();
    expect((await generate({ jobId, ip })).status).toBe(200);
    const again = await generate({ jobId, ip });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This generation has already been started. Reload the page to see how it is going.");
    // Upper-case spelling of the same id is the same job.
    expect((await generate({ jobId: jobId.toUpperCase(), ip })).status).toBe(409);
    expect(await generationCount(jobId)).toBe(1);
    // The limit of 2 still has room for one: the refused requests did not count.
    expect((await generate({ jobId: randomUUID(), ip })).status).toBe(200);
    expect((await generate({ jobId: randomUUID(), ip })).status).toBe(429);
  }, 120_000);

  it("the same job id sent twice at once → one runs, the other 409", async () => {
    const jobId = randomUUID();
    const results = await Promise.all([generate({ jobId, ip: "203.0.113.56" }), generate({ jobId, ip: "203.0.113.56" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await generationCount(jobId)).toBe(1);
  }, 120_000);

  it("a failed job shows failed with the reason in the caller's language", async () => {
    process.env.OFFLINE_AI_DELAY_MS = "2000";
    process.env.AI_TIMEOUT_MS = "100";
    resetEnvCache();
    const jobId = randomUUID();
    const res = await generate({ jobId, ip: "203.0.113.57" });
    expect(res.status).toBe(504);
    const en = await getJob(jobId);
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ jobId, status: "failed", message: "The request timed out. Please try again." });
    expect(en.body.result).toBeUndefined();
    const de = await getJob(jobId, { locale: "de" });
    expect(de.body.message).not.toBe(en.body.message);
    expect(de.body.message?.length).toBeGreaterThan(5);
  }, 120_000);

  it("a malformed job id in the POST → 422 and nothing runs", async () => {
    const before = await generationCount();
    const res = await generate({ jobId: "not-a-uuid", ip: "203.0.113.58" });
    expect(res.status).toBe(422);
    expect(await generationCount()).toBe(before);
  }, 120_000);
});
