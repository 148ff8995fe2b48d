/**
 * The photo a customer may choose in the editor, and so the one the prompt tester takes: the browser scales
 * a large photo down before sending, so the server's limit (MAX_UPLOAD_BYTES) is smaller than the choice's.
 */
export const PHOTO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const MAX_PHOTO_MB = 25;
/** Beyond it decoding strains a phone. */
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;
/** What the server takes for an editor photo (and a tester photo). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export type PhotoProblem = "type" | "size";

export function checkPhoto(file: Pick<File, "type" | "size">): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "type";
  return file.size > MAX_PHOTO_BYTES ? "size" : null;
}
