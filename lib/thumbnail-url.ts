export const THUMBNAIL_WIDTHS = [96, 192, 384, 768] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export function thumbnailUrl(url: string, width: ThumbnailWidth): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}
