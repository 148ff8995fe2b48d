import "server-only";
import type { FileData } from "@/lib/api/file-response";
import { readImageBytesOrThrow, type ServableImage } from "./access";
import { thumbnailBytes, thumbnailEtag, type ThumbnailWidth } from "./thumbnails";

/**
 * An image as a file: public catalogue images cached for a year, private ones never shared.
 * `download` sends it as an attachment under that name; `width` a WebP thumbnail that wide (made once,
 * kept in storage) instead of the original. The bytes are read only when they are sent.
 */
export function imageFile(image: ServableImage, options: { download?: string; width?: ThumbnailWidth } = {}): FileData {
  const { download, width } = options;
  const common = { fileName: download, cache: image.isPublic ? "immutable" : "private", sandbox: true } as const;
  if (width !== undefined && !download) {
    const body = async () => thumbnailBytes(image.storageKey, width, () => readImageBytesOrThrow(image));
    return { ...common, contentType: "image/webp", etag: thumbnailEtag(image.storageKey, width), body };
  }
  return { ...common, contentType: image.mimeType, etag: image.etag, body: () => readImageBytesOrThrow(image) };
}
