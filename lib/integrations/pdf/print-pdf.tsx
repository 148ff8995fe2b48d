import "server-only";

export const PT_PER_MM = 72 / 25.4;

export function mmToPt(mm: number): number {
  return mm * PT_PER_MM;
}

export interface PrintPdfInput {
  documentWidthMm: number;
  documentHeightMm: number;
  bottomMarginMm: number;
  templateWidthMm: number;
  templateHeightMm: number;
  image: Buffer;
  dpi: number;
  sourceDpi?: number;
  title: string;
  /** The shop's name as the file's creator and producer. */
  creator: string;
}

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

export interface JpegFrame {
  width: number;
  height: number;
  components: number;
  /** Photoshop-style CMYK JPEGs are stored inverted. */
  adobe: boolean;
}

export function jpegFrame(bytes: Buffer): JpegFrame {
  let adobe = false;
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) throw new Error("renderPrintPdf: a broken JPEG (no marker where one belongs)");
    const marker = bytes[pos + 1] ?? 0;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    const length = bytes.readUInt16BE(pos + 2);
    if (marker === 0xee && bytes.toString("latin1", pos + 4, pos + 9) === "Adobe") adobe = true;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (pos + 10 > bytes.length) break;
      return { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7), components: bytes[pos + 9] ?? 0, adobe };
    }
    if (marker === 0xd9 || marker === 0xda) break;
    pos += 2 + length;
  }
  throw new Error("renderPrintPdf: the JPEG has no frame header");
}

function num(v: number): string {
  const s = v.toFixed(4).replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
}

function pdfString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`;
  const utf16 = Buffer.from(text, "utf16le").swap16();
  return `<FEFF${utf16.toString("hex").toUpperCase()}>`;
}

/** Written directly, not through a layout engine: fast and deterministic. */
export async function renderPrintPdf(input: PrintPdfInput): Promise<Buffer> {
  return writePrintPdf(input);
}

export function writePrintPdf(input: PrintPdfInput): Buffer {
  const { documentWidthMm: docW, documentHeightMm: docH, templateWidthMm: tplW, templateHeightMm: tplH, bottomMarginMm: bottom } = input;
  if (!isJpeg(input.image)) throw new Error("renderPrintPdf: the print image must be a JPEG");
  const sizes = [docW, docH, tplW, tplH];
  if (!sizes.every((v) => Number.isFinite(v) && v > 0) || !Number.isFinite(bottom) || bottom < 0) {
    throw new Error("renderPrintPdf: the document and template sizes must be positive");
  }
  if (tplW > docW || bottom + tplH > docH) {
    throw new Error(
      `renderPrintPdf: a ${tplW} × ${tplH} mm template ${bottom} mm above the bottom does not fit a ${docW} × ${docH} mm page`,
    );
  }
  const frame = jpegFrame(input.image);
  const colourSpace =
    frame.components === 1 ? "/DeviceGray" : frame.components === 3 ? "/DeviceRGB" : frame.components === 4 ? "/DeviceCMYK" : null;
  if (!colourSpace || frame.width < 1 || frame.height < 1)
    throw new Error(`renderPrintPdf: unsupported JPEG (${frame.components} components)`);
  const decode = frame.components === 4 && frame.adobe ? " /Decode [1 0 1 0 1 0 1 0]" : "";

  const subject = `Print image ${tplW} x ${tplH} mm at ${input.dpi} DPI${input.sourceDpi === undefined ? "" : `, source ${input.sourceDpi} DPI`}`;
  const content = `q\n${num(mmToPt(tplW))} 0 0 ${num(mmToPt(tplH))} ${num(mmToPt((docW - tplW) / 2))} ${num(mmToPt(bottom))} cm\n/I1 Do\nQ\n`;

  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\nendobj\n`);
  };
  push("%PDF-1.3\n%\xff\xff\xff\xff\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(mmToPt(docW))} ${num(mmToPt(docH))}] /Contents 4 0 R ` +
      `/Resources << /ProcSet [/PDF /ImageB /ImageC] /XObject << /I1 5 0 R >> >> >>`,
  );
  object(4, `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`);
  offsets[5] = length;
  push(
    `5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${frame.width} /Height ${frame.height} /BitsPerComponent 8 ` +
      `/ColorSpace ${colourSpace}${decode} /Filter /DCTDecode /Length ${input.image.length} >>\nstream\n`,
  );
  push(input.image);
  push("\nendstream\nendobj\n");
  object(6, "<< /Producer 7 0 R /Creator 8 0 R /Title 9 0 R /Subject 10 0 R >>");
  object(7, pdfString(input.creator));
  object(8, pdfString(input.creator));
  object(9, pdfString(input.title));
  object(10, pdfString(subject));
  const xref = length;
  const rows = offsets.slice(1).map((o) => `${String(o).padStart(10, "0")} 00000 n \n`);
  push(
    `xref\n0 ${offsets.length}\n0000000000 65535 f \n${rows.join("")}trailer\n<< /Size ${offsets.length} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.concat(parts, length);
}
