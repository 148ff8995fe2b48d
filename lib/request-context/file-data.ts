/**
 * Who may keep a copy: "immutable" a public file whose URL never names other bytes, "private" the
 * owner's browser for an hour, "private-no-store" and "no-store" nobody.
 */
export type FileCache = "immutable" | "private" | "private-no-store" | "no-store";

/** A file a service hands back; lib/api turns it into a response. */
export interface FileData {
  contentType: string;
  /** A reader is called only when the bytes are sent, so a 304 reads nothing. */
  body: Uint8Array | string | (() => Promise<Uint8Array>);
  fileName?: string;
  /** "inline" lets the browser show the file (a PDF in its viewer); the name still applies on saving. */
  disposition?: "attachment" | "inline";
  cache: FileCache;
  etag?: string;
  /** Sandboxed, so a crafted upload cannot run script under the shop's origin. */
  sandbox?: boolean;
  headers?: Record<string, string>;
}
