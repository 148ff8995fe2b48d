/** The browser scales a large photo down, so the server's limit is smaller than the choice's. */
export const PHOTO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const MAX_PHOTO_MB = 25;
/** Beyond it decoding strains a phone. */
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export type PhotoProblem = "type" | "size";

export function checkPhoto(file: Pick<File, "type" | "size">): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "type";
  return file.size > MAX_PHOTO_BYTES ? "size" : null;
}
