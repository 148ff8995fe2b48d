import { describe, expect, it } from "vitest";
import { trackingUrl } from "@/lib/domain/tracking";

describe("trackingUrl", () => {
  it("links DHL, DPD, Hermes, GLS and UPS whatever the spelling, the number without spaces", () => {
    expect(trackingUrl("Deutsche Post DHL", "JJD 0001 2345 6789")).toBe(
      "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=JJD000123456789",
    );
    expect(trackingUrl("dpd", "0123")).toBe("https://tracking.dpd.de/status/de_DE/parcel/0123");
    expect(trackingUrl("Hermes Germany", "H1")).toBe("https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation/#H1");
    expect(trackingUrl("GLS", "G1")).toBe("https://gls-group.com/DE/de/paketverfolgung?match=G1");
    expect(trackingUrl("UPS Standard", "1Z9")).toBe("https://www.ups.com/track?loc=de_DE&tracknum=1Z9");
  });

  it("leaves other carriers and missing parts as plain text", () => {
    expect(trackingUrl("Spedition Müller", "123")).toBeNull();
    expect(trackingUrl("DHL", null)).toBeNull();
    expect(trackingUrl(null, "123")).toBeNull();
    expect(trackingUrl("Hermesstraße Kurier", "1")).toBeNull();
  });
});
