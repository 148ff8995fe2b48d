import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import type { Row } from "./table";

export interface External {
  script: string;
  what: string;
  rank: number;
}

export const EXTERNAL: readonly External[] = [
  { script: "bench/handlers.ts", what: "session resolution per request (in-process)", rank: 25 },
  { script: "bench/event-loop.ts", what: "event loop while PDFs and generations run", rank: 70 },
  { script: "bench/pdf.ts", what: "print PDF handler", rank: 80 },
  { script: "bench/images.ts", what: "12 MP JPEG intake", rank: 90 },
  { script: "bench/large.ts", what: "back office on five years of data (npm run seed:large)", rank: 95 },
];

export function externalCommand(script: string): string[] {
  return ["npx", "tsx", "--conditions=react-server", script, "--json"];
}

function isRow(x: unknown): x is Row {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  return (
    ["what", "today", "control", "ratio", "goal"].every((k) => typeof r[k] === "string") && (typeof r.met === "boolean" || r.met === null)
  );
}

const note = (e: External, text: string): Row => ({
  what: `${e.what} (${e.script})`,
  today: text,
  control: "–",
  ratio: "–",
  goal: "–",
  met: null,
});

export async function runExternal(e: External, cwd: string, env: NodeJS.ProcessEnv): Promise<Row[]> {
  if (!fs.existsSync(path.join(cwd, e.script))) return [note(e, `skipped: ${e.script} is missing`)];
  const [cmd, ...args] = externalCommand(e.script);
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(cmd ?? "npx", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGTERM"), 15 * 60_000);
    child.on("close", (c) => {
      clearTimeout(timer);
      resolve({ code: c, stdout, stderr });
    });
    child.on("error", (err) => resolve({ code: -1, stdout, stderr: String(err) }));
  });
  const last = stdout.trim().split("\n").pop() ?? "";
  try {
    if (code !== 0) throw new Error(`exit code ${code}`);
    const parsed = JSON.parse(last) as { rows?: unknown };
    if (!Array.isArray(parsed.rows) || !parsed.rows.every(isRow)) throw new Error('its last line is not {"rows":[…]}');
    return parsed.rows;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const tail = (text: string) =>
      text
        .split("\n")
        .filter((l) => l.trim() && !l.startsWith("npm warn"))
        .slice(-6);
    console.error(
      `  ${e.script} --json failed (${why}); last output:\n${[...tail(stdout), ...tail(stderr)].map((l) => `    ${l}`).join("\n")}`,
    );
    return [note(e, `failed: ${why}`)];
  }
}
