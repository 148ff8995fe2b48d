import { performance } from "node:perf_hooks";

export interface Result {
  name: string;
  n: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  perSecond: number;
}

export interface MeasureOptions {
  n: number;
  warmup: number;
  before?: () => void | Promise<void>;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarize(name: string, samples: readonly number[]): Result {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    name,
    n: sorted.length,
    medianMs: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    meanMs: total / sorted.length,
    perSecond: total > 0 ? (sorted.length * 1000) / total : Number.POSITIVE_INFINITY,
  };
}

export async function measure(name: string, opts: MeasureOptions, fn: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < opts.warmup; i++) {
    await opts.before?.();
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < opts.n; i++) {
    await opts.before?.();
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summarize(name, samples);
}

function fixed(x: number): string {
  if (!Number.isFinite(x)) return "-";
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

export function formatTable(results: readonly Result[]): string {
  const header = ["case", "n", "median ms", "p95 ms", "mean ms", "req/s"];
  const rows = results.map((r) => [r.name, String(r.n), fixed(r.medianMs), fixed(r.p95Ms), fixed(r.meanMs), r.perSecond.toFixed(0)]);
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => (row[col] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, col) => (col === 0 ? c.padEnd(widths[col] ?? 0) : c.padStart(widths[col] ?? 0))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
