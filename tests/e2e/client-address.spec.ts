import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./admin-credentials";

// Its own server with a limit of 3, so the shared server keeps its budget.
const LIMIT = 3;
let server: ChildProcess | undefined;
let port = 0;
let stderr = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function login(
  email: string,
  headers: Record<string, string>,
  localAddress = "127.0.0.1",
): Promise<{ status: number; body: { message?: string } }> {
  const payload = JSON.stringify({ email, password: "wrong-password-1" });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: "POST",
        path: "/api/auth/login",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || "{}") }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`server exited (${server?.exitCode}): ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer /api/health: ${stderr}`);
}

test.describe("client address under npm start", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(process.cwd(), ".test-data", `e2e-client-address-${Date.now()}`),
      DATABASE_URL: "",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      LOG_LEVEL: "silent",
      LOGIN_MAX_FAILURES_PER_CLIENT: String(LIMIT),
    };
    delete env.TRUSTED_PROXY_COUNT; // the default: one trusted hop, the server itself
    server = spawn(process.execPath, ["scripts/server.mjs", "-p", String(port), "-H", "127.0.0.1"], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    server.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
    await waitForHealth(Date.now() + 110_000);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
  });

  test("spoofed X-Forwarded-For and X-Real-IP headers do not reset the per-client sign-in limit", async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await login(`nobody-${i}@example.com`, { "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `192.0.2.${i}` });
      expect(res.status).toBe(401);
    }
    const spoofs: Record<string, string>[] = [
      { "x-forwarded-for": "198.51.100.77" },
      { "x-forwarded-for": "203.0.113.1, 198.51.100.78", "x-real-ip": "192.0.2.99" },
      { "x-real-ip": "192.0.2.100" },
      { "x-forwarded-for": "2001:db8::1" },
      { forwarded: "for=198.51.100.79", "x-forwarded-for": "unknown" },
    ];
    for (const [i, headers] of spoofs.entries()) {
      const res = await login(`spoofer-${i}@example.com`, headers);
      expect(res.status, JSON.stringify(headers)).toBe(429);
      expect(res.body.message).toBe("Too many failed sign-in attempts. Please try again later.");
    }
  });

  test("the limit is per client, not global: another peer address still gets its own attempts", async () => {
    const res = await login("other-client@example.com", { "x-forwarded-for": "127.0.0.1" }, "127.0.0.2");
    expect(res.status).toBe(401);
  });
});
