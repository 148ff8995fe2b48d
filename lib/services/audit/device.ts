/** Enough to recognise a device without storing the full header, which fingerprints a person. */
const MAX_LENGTH = 100;

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\b(?:Headless)?(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function deviceSummary(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.slice(0, 1000).trim();
  if (!ua) return null;
  const browser = BROWSERS.map(([re, name]) => {
    const m = re.exec(ua);
    return m ? `${name} ${m[1]}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const tool = /^([A-Za-z][\w.-]{0,30})\/(\d{1,6})/.exec(ua);
  const name = browser ?? (tool ? `${tool[1]} ${tool[2]}` : "unknown");
  return (system ? `${name} · ${system}` : name).slice(0, MAX_LENGTH);
}
