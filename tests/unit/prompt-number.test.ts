import { describe, expect, it } from "vitest";
import { nextNumber } from "@/lib/services/prompts/next-number";

describe("nextNumber", () => {
  it("continues the newest prompt's scheme after the highest number of its prefix", () => {
    expect(nextNumber(["P-007", "P-003", "P-012"])).toBe("P-013");
    expect(nextNumber(["LG-00041", "P-007", "LG-00002"])).toBe("LG-00042");
    expect(nextNumber(["Style 9"])).toBe("Style 10");
  });

  it("starts at P-001, skips taken numbers in any case and numbers without digits", () => {
    expect(nextNumber([])).toBe("P-001");
    expect(nextNumber(["winter", "autumn"])).toBe("P-001");
    expect(nextNumber(["x9", "X10"])).toBe("x11");
    expect(nextNumber(["P-2", "p-3"])).toBe("P-4");
  });
});
