/**
 * The widths a thumbnail may have (`GET /api/images/{id}?w=`): a 96 px slot at 1× and 2×, 384 and 768
 * for gallery cards and larger previews (a phone-wide card at 2×). Shared by the server, which makes
 * them (lib/services/images/thumbnails.ts), and the pages that ask for them.
 */
export const THUMBNAIL_WIDTHS = [96, 192, 384, 768] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** The URL of an image's thumbnail `width` pixels wide (never wider than the original). */
export function thumbnailUrl(url: string, width: ThumbnailWidth): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}
