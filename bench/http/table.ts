export interface Row {
  what: string;
  today: string;
  control: string;
  ratio: string;
  goal: string;
  met: boolean | null;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const rps = (x: number) => `${Math.round(x).toLocaleString("en-US")} rps`;

export function ms(x: number): string {
  if (!Number.isFinite(x)) return "–";
  if (x >= 100) return `${x.toFixed(0)} ms`;
  if (x >= 10) return `${x.toFixed(1)} ms`;
  return `${x.toFixed(2)} ms`;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mib = (x: number) => `${x.toFixed(0)} MB`;

export const percent = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
export const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

export function failedRow(what: string, goal: string, err: unknown): Row {
  const message = (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
  return { what, today: `not measured: ${message.slice(0, 160)}`, control: "–", ratio: "–", goal, met: null };
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function markdownTable(rows: readonly Row[]): string {
  const head = "| what | today | control | ratio | goal | met? |\n|---|---|---|---|---|---|";
  const body = rows.map(
    (r) =>
      `| ${[r.what, r.today, r.control, r.ratio, r.goal].map(cell).join(" | ")} | ${r.met === null ? "–" : r.met ? "yes" : "**no**"} |`,
  );
  return [head, ...body].join("\n");
}
