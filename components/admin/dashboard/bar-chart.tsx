import type { ReactNode } from "react";

export interface Bar {
  label: string;
  value: number;
  /** The bar's hover text. */
  title: string;
}

/** No script; the numbers follow as a table for screen readers and copying, the drawing is hidden from them. */
export function BarChart({
  bars,
  limit,
  limitLabel,
  numbersLabel,
  table,
  testId,
}: {
  bars: Bar[];
  /** A horizontal line (a budget) at this value. */
  limit?: number;
  limitLabel?: string;
  numbersLabel: string;
  table: ReactNode;
  testId: string;
}) {
  const width = 600;
  const height = 140;
  const max = Math.max(1, limit ?? 0, ...bars.map((b) => b.value));
  const step = width / Math.max(1, bars.length);
  const gap = Math.min(4, step * 0.2);
  const y = (v: number) => height - (v / max) * height;
  const ticks = [0, Math.floor(bars.length / 2), bars.length - 1].filter((i, n, all) => i >= 0 && all.indexOf(i) === n);
  return (
    <figure data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height + 18}`} className="h-auto w-full" aria-hidden="true">
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-stone-300" strokeWidth={1} />
        {bars.map((b, i) => (
          <rect
            key={b.label}
            x={i * step + gap / 2}
            y={y(b.value)}
            width={Math.max(1, step - gap)}
            height={height - y(b.value)}
            className="fill-sky-600"
          >
            <title>{b.title}</title>
          </rect>
        ))}
        {limit !== undefined && (
          <line x1={0} x2={width} y1={y(limit)} y2={y(limit)} className="stroke-amber-500" strokeWidth={1.5} strokeDasharray="6 4">
            <title>{limitLabel}</title>
          </line>
        )}
        {ticks.map((i) => (
          <text
            key={i}
            x={Math.min(width - 2, Math.max(2, i * step + step / 2))}
            y={height + 14}
            textAnchor={i === 0 ? "start" : i === bars.length - 1 ? "end" : "middle"}
            className="fill-stone-500 text-[11px]"
          >
            {bars[i]?.label}
          </text>
        ))}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-stone-600">{numbersLabel}</summary>
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={numbersLabel}>
          {table}
        </div>
      </details>
    </figure>
  );
}
