import sharp from "sharp";

export async function makeJpeg(width = 800, height = 600, opts: { exif?: boolean } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f9d423"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#e53935"/></svg>`;
  let img = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (opts.exif) img = img.withMetadata({ exif: { IFD0: { Copyright: "secret-owner", ImageDescription: "GPS 52.52N 13.40E" } } });
  return img.toBuffer();
}

export function photoForm(
  photo: Buffer | string,
  fields: Record<string, string | number>,
  filename = "photo.jpg",
  type = "image/jpeg",
): FormData {
  const form = new FormData();
  form.set("image", new Blob([typeof photo === "string" ? photo : new Uint8Array(photo)], { type }), filename);
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  return form;
}
