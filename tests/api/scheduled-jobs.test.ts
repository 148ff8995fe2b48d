import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as cronRoute from "@/app/api/cron/mail/route";
import { resetEnvCache } from "@/lib/env";
import { runScheduledPass, type ScheduledJobsResult } from "@/lib/services/scheduled-jobs";
import { LEASE_MS, releaseLease, takeLease } from "@/lib/services/scheduled-jobs/lease";
import { schedulerMode, startScheduler, startSchedulerOnServerStart } from "@/lib/services/scheduled-jobs/scheduler";
import { call } from "../helpers/api";
import { tempDir } from "../helpers/test-db";

const CRON_SECRET = "cron-secret-for-the-scheduler-test-01";
const PASS_LEASE = "scheduled-jobs";

beforeAll(() => {
  process.env.DATA_DIR = tempDir("shop-test-scheduler-");
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL"]) delete process.env[key];
  resetEnvCache();
});

afterEach(() => {
  for (const key of ["CRON_SECRET", "SCHEDULER", "VERCEL"]) delete process.env[key];
  resetEnvCache();
});

const cron = (method: "GET" | "POST", headers: Record<string, string> = {}) =>
  call<{ message?: string; retention?: object }>(cronRoute[method], { method, path: "/api/cron/mail", headers });

describe("one pass at a time across instances", () => {
  it("two concurrent passes (two instances): only one runs the jobs, the other stands aside", async () => {
    const results = await Promise.all([runScheduledPass(), runScheduledPass()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    // The lease is given back: the next pass runs.
    expect(await runScheduledPass()).not.toBeNull();
  });

  it("a pass held by another instance blocks; once its lease expired (a crashed holder) it is taken over", async () => {
    const other = await takeLease(PASS_LEASE);
    expect(other).not.toBeNull();
    try {
      expect(await runScheduledPass()).toBeNull();
      expect(await runScheduledPass(new Date(Date.now() + LEASE_MS + 60_000))).not.toBeNull();
    } finally {
      if (other) await releaseLease(other);
    }
  });
});

describe("the in-process timer", () => {
  it("runs a pass when started, and stops", async () => {
    let resolvePass!: (r: ScheduledJobsResult | null) => void;
    const passed = new Promise<ScheduledJobsResult | null>((resolve) => (resolvePass = resolve));
    const scheduler = startScheduler({ intervalMs: 3_600_000, onPass: resolvePass });
    try {
      expect(await passed).toMatchObject({ retention: expect.any(Object), mockups: expect.any(Object) });
    } finally {
      await scheduler.stop();
    }
  });

  it("unset (internal): the server start starts one timer per process, however often it is called", async () => {
    const first = startSchedulerOnServerStart();
    try {
      expect(first).not.toBeNull();
      expect(startSchedulerOnServerStart()).toBe(first);
    } finally {
      await first?.stop();
    }
  });

  it("SCHEDULER=external: the server start starts no timer (the cron route alone runs the jobs)", async () => {
    process.env.SCHEDULER = "external";
    resetEnvCache();
    expect(schedulerMode()).toBe("external");
    expect(startSchedulerOnServerStart()).toBeNull();
  });

  it("unset: internal, except on Vercel, whose cron calls the route", () => {
    expect(schedulerMode()).toBe("internal");
    process.env.VERCEL = "1";
    expect(schedulerMode()).toBe("external");
    process.env.SCHEDULER = "internal";
    resetEnvCache();
    expect(schedulerMode()).toBe("internal");
  });

  it("a SCHEDULER value other than internal or external is refused", () => {
    process.env.SCHEDULER = "sometimes";
    resetEnvCache();
    expect(() => schedulerMode()).toThrow(/SCHEDULER/);
  });
});

describe("the cron route beside the timer", () => {
  it("still runs a pass with the token, by POST and by GET (Vercel's cron sends GET)", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    for (const method of ["POST", "GET"] as const) {
      const res = await cron(method, { authorization: `Bearer ${CRON_SECRET}` });
      expect(res.status, method).toBe(200);
      expect(res.body.retention).toEqual(expect.any(Object));
    }
  });

  it("GET needs the token like POST: none or a wrong one → 401, no CRON_SECRET → 503", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    expect((await cron("GET")).status).toBe(401);
    expect((await cron("GET", { authorization: "Bearer wrong-token-wrong-token" })).status).toBe(401);
    delete process.env.CRON_SECRET;
    resetEnvCache();
    expect((await cron("GET", { authorization: `Bearer ${CRON_SECRET}` })).status).toBe(503);
  });

  it("while another instance runs the pass → 409 with a clear message, in both languages", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    const other = await takeLease(PASS_LEASE);
    try {
      const en = await cron("POST", { authorization: `Bearer ${CRON_SECRET}` });
      expect(en.status).toBe(409);
      expect(en.body.message).toBe("The scheduled jobs are already running. Try again once that pass has finished.");
      const de = await call<{ message?: string }>(cronRoute.POST, {
        method: "POST",
        path: "/api/cron/mail",
        headers: { authorization: `Bearer ${CRON_SECRET}`, "accept-language": "de" },
      });
      expect(de.body.message).toBe("Die geplanten Aufgaben laufen bereits. Versuche es erneut, sobald dieser Durchlauf fertig ist.");
    } finally {
      if (other) await releaseLease(other);
    }
  });

  it("vercel.json schedules the cron route, which answers GET", () => {
    const config = JSON.parse(fs.readFileSync(path.join(process.cwd(), "vercel.json"), "utf8")) as {
      crons?: Array<{ path: string; schedule: string }>;
    };
    expect(config.crons?.length).toBeGreaterThan(0);
    for (const entry of config.crons ?? []) {
      expect(entry.path).toBe("/api/cron/mail");
      expect(entry.schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    }
    expect(typeof cronRoute.GET).toBe("function");
  });
});
