import { execFileSync, spawn } from "node:child_process";

export const LOAD_CORE = 1;

export interface WrkTarget {
  url: string;
  connections: number;
  headers?: Record<string, string>;
}

export interface WrkResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx/3xx answers plus socket errors and timeouts: a run with any of these is not a figure. */
  errors: number;
  command: string;
}

const firstLine = (out: string) => (out.split("\n")[0] ?? "wrk").replace(/\s*Copyright.*$/, "").trim();

export function checkWrk(): string {
  try {
    return firstLine(execFileSync("wrk", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (err) {
    // `wrk --version` prints its usage and exits 1 on some builds: that still proves it is there.
    const out = (err as { stdout?: string }).stdout ?? "";
    if (out.includes("wrk")) return firstLine(out);
    console.error("wrk is not installed: `apt-get install wrk` (Debian/Ubuntu) or `brew install wrk`, then run the bench again.");
    process.exit(2);
  }
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function durationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!m?.[1] || !m[2]) throw new Error(`wrk: cannot read the duration "${text}"`);
  return Number(m[1]) * (UNIT_MS[m[2]] ?? Number.NaN);
}

export function parseWrk(out: string): Omit<WrkResult, "command"> {
  const pct = (p: string): number => {
    const m = new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(out);
    if (!m?.[1]) throw new Error(`wrk printed no ${p}% latency:\n${out}`);
    return durationMs(m[1]);
  };
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(out)?.[1];
  const requests = /^\s*(\d+) requests in/m.exec(out)?.[1];
  if (!rps || !requests) throw new Error(`wrk printed no summary:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps: Number(rps), p50Ms: pct("50"), p99Ms: pct("99"), requests: Number(requests), errors: non2xx + socketErrors };
}

export function wrkArgs(target: WrkTarget, seconds: number): string[] {
  const args = ["-c", String(LOAD_CORE), "wrk", "-t1", `-c${target.connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(target.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(target.url);
  return args;
}

const shellQuote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);

export function wrkCommandLine(target: WrkTarget, seconds: number): string {
  const args = wrkArgs(target, seconds).map((a) => (a.startsWith("Cookie: ") ? "Cookie: <session cookie of this run>" : a));
  return ["taskset", ...args].map(shellQuote).join(" ");
}

/** One wrk run; throws when wrk fails or any request failed (a failing request must not look fast). */
export function runWrk(target: WrkTarget, seconds: number): Promise<WrkResult> {
  const args = wrkArgs(target, seconds);
  const command = ["taskset", ...args].map(shellQuote).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("taskset", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      try {
        const result = { ...parseWrk(out), command };
        if (result.errors > 0)
          return reject(
            new Error(`${result.errors} of ${result.requests} requests failed (non-2xx/3xx or socket errors): ${target.url}\n${out}`),
          );
        resolve(result);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}
