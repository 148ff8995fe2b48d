export type FileCache = "immutable" | "private" | "private-no-store" | "no-store";

export interface FileData {
  contentType: string;
  body: Uint8Array | string | (() => Promise<Uint8Array>);
  fileName?: string;
  disposition?: "attachment" | "inline";
  cache: FileCache;
  etag?: string;
  sandbox?: boolean;
  headers?: Record<string, string>;
}
