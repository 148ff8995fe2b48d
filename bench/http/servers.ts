import fs from "node:fs";
import { spawn, type ChildProcess } from "node:child_process";

export const SERVER_CORE = 0;

export interface Server {
  name: string;
  baseUrl: string;
  pid: number;
  command: string;
  log: () => string;
  stop: () => Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error("cleanup:", err);
      }
    }
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

export interface StartOptions {
  name: string;
  cwd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
}

export async function startServer(opts: StartOptions): Promise<Server> {
  const args = ["-c", String(SERVER_CORE), process.execPath, ...opts.args];
  const child: ChildProcess = spawn("taskset", args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let alive = true;
  void exited.then(() => (alive = false));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${opts.name}: could not start taskset`);

  const stop = async () => {
    if (!alive) return;
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);

  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive) throw new Error(`${opts.name} exited before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${opts.name} not ready after 120 s:\n${output}`);
    try {
      const res = await fetch(baseUrl + opts.readyPath, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const command = `(cd ${opts.cwd} && taskset ${args.join(" ").replace(process.execPath, "node")})`;
  return { name: opts.name, baseUrl, pid, command, log: () => output, stop };
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return out;
}

export function rssMiB(pid: number): number {
  let kib = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    try {
      const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      kib += Number(m?.[1] ?? 0);
    } catch {
      continue;
    }
    stack.push(...childrenOf(p));
  }
  return kib / 1024;
}

export function sampleRss(pid: number, intervalMs = 250): { stop: () => number } {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMiB(pid));
    },
  };
}
