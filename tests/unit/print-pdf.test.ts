import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegFrame, writePrintPdf, type PrintPdfInput } from "@/lib/integrations/pdf/print-pdf";

const jpeg = (channels: 3, width = 40, height = 16) =>
  sharp({ create: { width, height, channels, background: "#3366cc" } })
    .jpeg({ chromaSubsampling: "4:4:4" })
    .toBuffer();

const input = (image: Buffer, title = "MUG-001 print file"): PrintPdfInput => ({
  creator: "MugMagic",
  documentWidthMm: 210,
  documentHeightMm: 90,
  bottomMarginMm: 5,
  templateWidthMm: 200,
  templateHeightMm: 80,
  image,
  dpi: 300,
  sourceDpi: 120,
  title,
});

describe("the print PDF writer", () => {
  it("reads width, height and components from the JPEG's frame header", async () => {
    expect(jpegFrame(await jpeg(3, 40, 16))).toMatchObject({ width: 40, height: 16, components: 3 });
    expect(
      jpegFrame(
        await sharp(await jpeg(3, 33, 21))
          .toColourspace("b-w")
          .jpeg()
          .toBuffer(),
      ),
    ).toMatchObject({ width: 33, height: 21, components: 1 });
    expect(() => jpegFrame(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow();
  });

  it("writes a valid cross-reference table: every offset points at its object", async () => {
    const pdf = writePrintPdf(input(await jpeg(3)));
    const text = pdf.toString("latin1");
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const [, count] = /xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
    const rows = [...text.slice(startxref).matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    expect(rows).toHaveLength(Number(count) - 1);
    rows.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain(`/Size ${count} /Root 1 0 R /Info 6 0 R`);
  });

  it("embeds the JPEG byte for byte in its colour space, and the same input gives the same bytes", async () => {
    const grey = await sharp(await jpeg(3))
      .toColourspace("b-w")
      .jpeg()
      .toBuffer();
    const pdf = writePrintPdf(input(grey));
    expect(pdf.includes(grey)).toBe(true);
    expect(pdf.toString("latin1")).toContain("/ColorSpace /DeviceGray /Filter /DCTDecode");
    expect(writePrintPdf(input(grey)).equals(pdf)).toBe(true);
  });

  it("escapes titles: parentheses and backslashes in a literal, anything else as UTF-16 with a byte-order mark", async () => {
    const image = await jpeg(3);
    expect(writePrintPdf(input(image, "a (b) \\ c")).toString("latin1")).toContain("(a \\(b\\) \\\\ c)");
    expect(writePrintPdf(input(image, "Tasse ä")).toString("latin1")).toContain(
      "<FEFF0054006100730073006500200020E4>".replace("0020E4", "00E4"),
    );
  });

  it("refuses a non-JPEG and a template that does not fit the page", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(() => writePrintPdf(input(png))).toThrow(/JPEG/);
    expect(() => writePrintPdf({ ...input(Buffer.alloc(0)), image: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })).toThrow();
    expect(async () => writePrintPdf({ ...input(await jpeg(3)), templateWidthMm: 220 })).rejects.toThrow(/does not fit/);
  });
});
