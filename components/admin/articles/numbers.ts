// Amounts are typed as text so that "14,99" and "14.99" both work in either language.

export function parseDecimal(text: string): number | undefined {
  const s = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  if (s === "") return undefined;
  const sign = /^[+-]/.test(s) ? s[0] : "";
  const body = sign ? s.slice(1) : s;
  const commas = body.split(",").length - 1;
  const dots = body.split(".").length - 1;
  let integer = body;
  let fraction = "";
  let grouping: string | null = null;
  if (commas > 0 && dots > 0) {
    // Both separators: the last one is the decimal separator, the other one groups thousands.
    const decimal = body.lastIndexOf(",") > body.lastIndexOf(".") ? "," : ".";
    grouping = decimal === "," ? "." : ",";
    if (body.split(decimal).length - 1 > 1) return NaN;
    [integer = "", fraction = ""] = body.split(decimal);
  } else if (commas > 1 || dots > 1) {
    // "1.234.567" or "1,234,567": grouping only.
    grouping = commas > 1 ? "," : ".";
  } else if (commas === 1 || dots === 1) {
    [integer = "", fraction = ""] = body.split(commas === 1 ? "," : ".");
  }
  if (grouping) {
    const groups = integer.split(grouping);
    if (!/^\d{1,3}$/.test(groups[0] ?? "") || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return NaN;
    integer = groups.join("");
  }
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || integer + fraction === "") return NaN;
  return Number(`${sign}${integer || "0"}.${fraction || "0"}`);
}

export function parseCents(text: string): number | undefined {
  const value = parseDecimal(text);
  if (value === undefined || Number.isNaN(value)) return value;
  const cents = Math.round(value * 100);
  if (Math.abs(value * 100 - cents) > 1e-6 || !Number.isSafeInteger(cents)) return NaN;
  return cents;
}

export function parseOptionalDecimal(text: string): number | null {
  return parseDecimal(text) ?? null;
}

export function parseOptionalCents(text: string): number | null {
  return parseCents(text) ?? null;
}

const decimalSeparator = (locale: string) => (locale === "de" ? "," : ".");

export function formatCentsInput(cents: number, locale: string): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return sign + text.replace(".", decimalSeparator(locale));
}

export function formatDecimalInput(value: number, locale: string, decimals = 3): string {
  const text = String(Number(value.toFixed(decimals)));
  return text.replace(".", decimalSeparator(locale));
}

/** A percentage the price calculation shows: the admin's decimal separator, at most two decimals. */
export function formatPercent(value: number, locale: string): string {
  return formatDecimalInput(value, locale, 2);
}
