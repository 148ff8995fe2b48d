#!/usr/bin/env node
// `next start` keeps whatever X-Forwarded-For a caller writes: this server appends the peer address first.
// Usage: node scripts/server.mjs [-p|--port PORT] [-H|--hostname HOST]
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.env.NODE_ENV = "production";
// Tells the app's start-up check (lib/env.ts clientAddressProblem) that the right-most entry is the peer.
process.env.PEER_ADDRESS_IN_FORWARDED_FOR = "true";

const argv = process.argv.slice(2);
function option(short, long) {
  const i = argv.findIndex((a) => a === short || a === long);
  return i >= 0 ? argv[i + 1] : undefined;
}
const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = option("-H", "--hostname");
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${option("-p", "--port") ?? process.env.PORT}`);
  process.exit(1);
}

function withPeer(forwarded, peer) {
  const prior = (Array.isArray(forwarded) ? forwarded.join(", ") : (forwarded ?? "")).trim();
  return prior ? `${prior}, ${peer}` : peer;
}

const { default: next } = await import("next");
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const app = next({ dev: false, dir, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  const peer = req.socket.remoteAddress;
  if (!peer) {
    // The connection is already gone.
    res.destroy();
    return;
  }
  req.headers["x-forwarded-for"] = withPeer(req.headers["x-forwarded-for"], peer);
  handle(req, res).catch((err) => {
    console.error("Request failed", err);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end('{"message":"An unexpected error occurred. Please try again."}');
  });
});

server.listen(port, hostname, () => {
  const address = server.address();
  const shown = typeof address === "object" && address ? address.port : port;
  console.log(`Ready on http://${hostname ?? "localhost"}:${shown}`);
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the server`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
