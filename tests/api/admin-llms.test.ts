import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/admin/ai/llms/route";
import { AI_MODELS } from "@/db/seed-data";
import { resetEnvCache } from "@/lib/env";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";

type Model = {
  id: number;
  provider: string;
  modelId: string;
  displayName: string;
  capabilities: string[];
  active: boolean;
  usable: boolean;
  offline: boolean;
};

const KEYS = ["OPENAI_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY", "BFL_API_KEY"] as const;

function clearKeys(): void {
  for (const k of KEYS) delete process.env[k];
  resetEnvCache();
}

beforeAll(clearKeys);
afterEach(clearKeys);

async function list(): Promise<Model[]> {
  const res = await call<Model[]>(GET, { path: "/api/admin/ai/llms", cookie: await loginAs("admin") });
  expect(res.status).toBe(200);
  return res.body;
}

describe("access matrix for GET /api/admin/ai/llms", () => {
  const cases: { role: Role; status: number }[] = [
    { role: "anonymous", status: 401 },
    { role: "customer", status: 403 },
    { role: "admin", status: 200 },
  ];
  for (const { role, status } of cases) {
    it(`${role} → ${status}`, async () => {
      const res = await call(GET, { path: "/api/admin/ai/llms", cookie: await cookieFor(role) });
      expect(res.status).toBe(status);
      if (status !== 200) expect(res.body).toMatchObject({ message: expect.any(String) });
    });
  }
});

describe("GET /api/admin/ai/llms", () => {
  it("lists every seeded model; without keys only the offline provider is usable", async () => {
    const models = await list();
    expect(models).toHaveLength(AI_MODELS.length);
    for (const seeded of AI_MODELS) {
      const m = models.find((x) => x.provider === seeded.provider && x.modelId === seeded.modelId);
      expect(m, `${seeded.provider}/${seeded.modelId}`).toMatchObject({
        displayName: seeded.displayName,
        capabilities: seeded.capabilities,
        active: true,
        id: expect.any(Number),
      });
      const isOffline = seeded.provider === "offline";
      expect(m?.usable).toBe(isOffline);
      expect(m?.offline).toBe(true);
    }
  });

  it("a configured key makes its provider usable (and only that one)", async () => {
    process.env.OPENAI_API_KEY = "sk-test";
    resetEnvCache();
    const models = await list();
    const byProvider = (p: string) => models.find((m) => m.provider === p);
    expect(byProvider("openai")).toMatchObject({ usable: true, offline: false });
    expect(byProvider("google")).toMatchObject({ usable: false, offline: true });
    expect(byProvider("flux")).toMatchObject({ usable: false, offline: true });
    expect(byProvider("offline")).toMatchObject({ usable: true, offline: true });
  });
});
