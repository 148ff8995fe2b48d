import { describe, expect, it } from "vitest";
import { deviceSummary } from "@/lib/services/audit/device";

describe("deviceSummary (the audit log's device: browser and OS, never the full User-Agent)", () => {
  const cases: [string, string][] = [
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133 · Windows"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131 · macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge 131 · Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari 18 · iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome 131 · Android",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
      "Chrome 131 · Linux",
    ],
    ["curl/8.5.0", "curl 8"],
    ["something odd", "unknown"],
  ];
  for (const [ua, summary] of cases) it(`${summary}`, () => expect(deviceSummary(ua)).toBe(summary));

  it("no header gives null; a huge header gives at most 100 characters", () => {
    expect(deviceSummary(null)).toBeNull();
    expect(deviceSummary("   ")).toBeNull();
    const huge = `${"A".repeat(40)}/1 ${"x".repeat(5000)}`;
    expect(deviceSummary(huge)?.length).toBeLessThanOrEqual(100);
  });
});
