import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";

export const NEXT_BIN = "node_modules/next/dist/bin/next";

export function buildCommand(dir: "." | "bench/control"): string[] {
  return dir === "." ? [NEXT_BIN, "build"] : [NEXT_BIN, "build", dir];
}

export async function build(cwd: string, dir: "." | "bench/control"): Promise<number> {
  const started = performance.now();
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  Reflect.deleteProperty(env, "NODE_ENV");
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, buildCommand(dir), { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-8000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (c) => resolve({ code: c, output }));
  });
  if (code !== 0) throw new Error(`next build ${dir} failed (exit ${code}):\n${output}`);
  return (performance.now() - started) / 1000;
}

export function assertBuilt(cwd: string, dir: "." | "bench/control"): void {
  const id = path.join(cwd, dir, ".next", "BUILD_ID");
  if (!fs.existsSync(id)) throw new Error(`--no-build: ${id} is missing; run the bench once without --no-build`);
}
