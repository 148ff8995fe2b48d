import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import serverNodeFlags from "../../../scripts/server-node-flags.json" with { type: "json" };
import { E2E_SELLER } from "./seller";

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

export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.setTimeout(2000, () => done(false));
  });
}

export interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

export async function startInstance(name: string, env: Record<string, string>, timeoutMs = 90_000): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags, "scripts/server.mjs", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, ...E2E_SELLER, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    process: child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${instance.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return instance;
    await new Promise((r) => setTimeout(r, 200));
  }
  await instance.stop();
  throw new Error(`instance ${name} did not answer /api/health: ${stderr}`);
}

export interface TcpProxy {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host, port });
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => server.once("error", reject).listen(at, "127.0.0.1", () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const s of open) s.destroy();
      open.clear();
    });
  await listen(0);
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("proxy has no port");
  return { port: address.port, cut: stop, restore: () => listen(address.port), close: stop };
}
