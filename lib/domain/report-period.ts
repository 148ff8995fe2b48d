import { berlinDay, berlinDayStart } from "@/lib/domain/berlin-time";

export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
  days: number;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function period(from: string, to: string): Period {
  return { from, to, start: berlinDayStart(from), end: berlinDayStart(to, 1), days: dayNumber(to) - dayNumber(from) + 1 };
}

export function previousPeriod(p: Period): Period {
  const first = dayNumber(p.from) - p.days;
  return period(dayOf(first), dayOf(first + p.days - 1));
}

export function daysOf(p: Period): string[] {
  const first = dayNumber(p.from);
  return Array.from({ length: p.days }, (_, i) => dayOf(first + i));
}

export function defaultPeriod(now = new Date()): Period {
  const today = berlinDay(now);
  return period(dayOf(dayNumber(today) - 29), today);
}

export const PRESETS = ["today", "7d", "30d", "thisMonth", "lastMonth"] as const;
export type Preset = (typeof PRESETS)[number];

export function presetPeriod(preset: Preset, now = new Date()): Period {
  const today = berlinDay(now);
  const t = dayNumber(today);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const monthStart = (year: number, month: number) => Date.UTC(year, month - 1, 1) / DAY_MS;
  switch (preset) {
    case "today":
      return period(today, today);
    case "7d":
      return period(dayOf(t - 6), today);
    case "30d":
      return period(dayOf(t - 29), today);
    case "thisMonth":
      return period(dayOf(monthStart(y, m)), today);
    case "lastMonth": {
      const first = m === 1 ? monthStart(y - 1, 12) : monthStart(y, m - 1);
      return period(dayOf(first), dayOf(monthStart(y, m) - 1));
    }
  }
}

export function dayCount(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

export const QUARTER = /^(\d{4})-Q([1-4])$/;

/** "2026-Q4" → 1 October to 31 December 2026, Berlin time. */
export function quarterPeriod(quarter: string): Period {
  const m = QUARTER.exec(quarter);
  if (!m) throw new RangeError(`not a quarter: ${quarter}`);
  const year = Number(m[1]);
  const q = Number(m[2]);
  const firstMonth = (q - 1) * 3 + 1;
  const lastDay = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return period(`${year}-${pad(firstMonth)}-01`, `${year}-${pad(firstMonth + 2)}-${pad(lastDay)}`);
}

export function quarterOf(at: Date): string {
  const [year = "", month = "1"] = berlinDay(at).split("-");
  return `${year}-Q${Math.ceil(Number(month) / 3)}`;
}
