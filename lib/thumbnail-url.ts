/** Shared by the server, which makes the thumbnails, and the pages that ask for them. */
export const THUMBNAIL_WIDTHS = [96, 192, 384, 768] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** The URL of an image's thumbnail `width` pixels wide (never wider than the original). */
export function thumbnailUrl(url: string, width: ThumbnailWidth): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}
