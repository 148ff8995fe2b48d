import "server-only";
import type { FileData } from "@/lib/request-context/file-data";
import { readImageBytesOrThrow, type ServableImage } from "./access";
import { thumbnailBytes, thumbnailEtag, type ThumbnailWidth } from "./thumbnails";

export function imageFile(image: ServableImage, options: { download?: string; width?: ThumbnailWidth } = {}): FileData {
  const { download, width } = options;
  const common = { fileName: download, cache: image.isPublic ? "immutable" : "private", sandbox: true } as const;
  if (width !== undefined && !download) {
    const body = async () => thumbnailBytes(image.storageKey, width, () => readImageBytesOrThrow(image));
    return { ...common, contentType: "image/webp", etag: thumbnailEtag(image.storageKey, width), body };
  }
  return { ...common, contentType: image.mimeType, etag: image.etag, body: () => readImageBytesOrThrow(image) };
}
