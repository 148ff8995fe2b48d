import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export type Reply =
  { status?: number; json?: unknown; body?: Buffer | string; headers?: Record<string, string>; delayMs?: number } | "hang";

export interface FakeServer {
  base: string;
  requests: Seen[];
  closedSockets: () => number;
  close: () => Promise<void>;
}

export const servers: FakeServer[] = [];

export async function fakeServer(handle: (req: Seen, base: string) => Reply | Promise<Reply>): Promise<FakeServer> {
  const requests: Seen[] = [];
  let closed = 0;
  let base = "";
  const server = http.createServer(async (req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen: Seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), at };
    requests.push(seen);
    const reply = await handle(seen, base);
    if (reply === "hang") return; // never answers
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const headers = { ...reply.headers };
    let body: Buffer | string = reply.body ?? "";
    if (reply.json !== undefined) {
      body = JSON.stringify(reply.json);
      headers["content-type"] = "application/json";
    }
    if (res.destroyed) return;
    res.writeHead(reply.status ?? 200, headers);
    res.end(body);
  });
  server.on("connection", (socket) => socket.on("close", () => closed++));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeServer = {
    base,
    requests,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(fake);
  return fake;
}

export async function closeFakeServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.close()));
}
