import http from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "@/lib/env";

export type OpenAIHit = { path: string; body: Buffer };

export async function fakeOpenAI(answer: (hit: OpenAIHit) => { status: number; json?: unknown }) {
  const hits: OpenAIHit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const hit = { path: req.url ?? "", body: Buffer.concat(chunks) };
      hits.push(hit);
      const a = answer(hit);
      res.writeHead(a.status, { "content-type": "application/json" });
      res.end(JSON.stringify(a.json ?? { error: { message: "boom" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.OPENAI_API_KEY = "sk-test-key";
  process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1`;
  resetEnvCache();
  return {
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        delete process.env.OPENAI_API_KEY;
        delete process.env.OPENAI_BASE_URL;
        resetEnvCache();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
