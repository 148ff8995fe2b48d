export const BERLIN_TIME_ZONE = "Europe/Berlin";

function berlinOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: BERLIN_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60_000);
}

export function berlinDayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + plusDays);
  // Midnight never falls into a DST gap in Berlin (switches are at 02:00/03:00), so two passes settle it.
  let at = wall - berlinOffsetMinutes(wall) * 60_000;
  at = wall - berlinOffsetMinutes(at) * 60_000;
  return new Date(at);
}

export function berlinDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BERLIN_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

export function berlinYear(at: Date): string {
  return new Intl.DateTimeFormat("en", { timeZone: BERLIN_TIME_ZONE, year: "numeric" }).format(at);
}

export function berlinLongDate(at: Date, locale: "de" | "en"): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: BERLIN_TIME_ZONE }).format(at);
}

export function berlinWallTime(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: BERLIN_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const v = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${v("year")}-${v("month")}-${v("day")}T${v("hour")}:${v("minute")}`;
}

export function fromBerlinWallTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let at = wall - berlinOffsetMinutes(wall) * 60_000;
  at = wall - berlinOffsetMinutes(at) * 60_000;
  return new Date(at);
}
