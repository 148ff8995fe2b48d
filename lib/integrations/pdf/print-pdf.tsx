import "server-only";
import { Document, Image, Page, renderToBuffer } from "@react-pdf/renderer";

/** PDF points per millimetre (1 pt = 1/72 inch, 1 inch = 25.4 mm). */
export const PT_PER_MM = 72 / 25.4;

export function mmToPt(mm: number): number {
  return mm * PT_PER_MM;
}

export interface PrintPdfInput {
  documentWidthMm: number;
  documentHeightMm: number;
  /** Distance from the page's bottom edge to the print image's bottom edge. */
  bottomMarginMm: number;
  templateWidthMm: number;
  templateHeightMm: number;
  /**
   * The print image as JPEG, already cropped to the template's aspect ratio. A JPEG is embedded as
   * it is (DCTDecode, a few ms); a PNG would be re-compressed on the main thread (~800 ms), so it is refused.
   */
  image: Buffer;
  /** Resolution of the embedded image at print size, written into the subject. */
  dpi: number;
  /** Resolution of the source it was made from (before any upscaling), written into the subject too. */
  sourceDpi?: number;
  title: string;
}

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * One page of the mug's document format (width × height converted to points) with the print image
 * in the template area: horizontally centred, its bottom edge `bottomMarginMm` above the page's
 * bottom, template width × height. react-pdf's layout engine (Yoga) computes in 32-bit floats, so
 * the numbers written are off by at most ~0.0001 pt (0.00004 mm) from the exact conversion.
 * A template that does not fit the page (possible in the database: only document > template and
 * 0 ≤ margin ≤ 100 are checked there) is an error, not a silently clipped print.
 */
export async function renderPrintPdf(input: PrintPdfInput): Promise<Buffer> {
  const { documentWidthMm: docW, documentHeightMm: docH, templateWidthMm: tplW, templateHeightMm: tplH, bottomMarginMm: bottom } = input;
  if (!isJpeg(input.image)) throw new Error("renderPrintPdf: the print image must be a JPEG");
  const sizes = [docW, docH, tplW, tplH];
  if (!sizes.every((v) => Number.isFinite(v) && v > 0) || !Number.isFinite(bottom) || bottom < 0) {
    throw new Error("renderPrintPdf: the document and template sizes must be positive");
  }
  if (tplW > docW || bottom + tplH > docH) {
    throw new Error(`renderPrintPdf: a ${tplW} × ${tplH} mm template ${bottom} mm above the bottom does not fit a ${docW} × ${docH} mm page`);
  }

  return renderToBuffer(
    <Document
      title={input.title}
      subject={`Print image ${tplW} x ${tplH} mm at ${input.dpi} DPI${input.sourceDpi === undefined ? "" : `, source ${input.sourceDpi} DPI`}`}
      creator="MugMagic"
      producer="MugMagic"
    >
      {/* Not wrap={false}: react-pdf 4.9 then writes a page of height 0. */}
      <Page size={{ width: mmToPt(docW), height: mmToPt(docH) }}>
        {/* A Buffer source (not { data, format }): react-pdf neither caches nor base64-encodes it. */}
        {/* eslint-disable-next-line jsx-a11y/alt-text -- a PDF image, not an HTML <img> */}
        <Image
          src={input.image}
          style={{
            position: "absolute",
            left: mmToPt((docW - tplW) / 2),
            bottom: mmToPt(bottom),
            width: mmToPt(tplW),
            height: mmToPt(tplH),
            objectFit: "fill",
          }}
        />
      </Page>
    </Document>,
  );
}
