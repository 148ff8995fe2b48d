import type { FileCache, FileData } from "@/lib/request-context/file-data";
import { ifNoneMatchHits } from "./http-cache";

const CACHE_CONTROL: Record<FileCache, string> = {
  immutable: "public, max-age=31536000, immutable",
  private: "private, max-age=3600",
  "private-no-store": "private, no-store",
  "no-store": "no-store",
};

export async function fileResponse(file: FileData, ifNoneMatch: string | null = null): Promise<Response> {
  const binary = typeof file.body !== "string";
  const headers = new Headers({ "cache-control": CACHE_CONTROL[file.cache] });
  if (file.etag) headers.set("etag", file.etag);
  if (binary) headers.set("x-content-type-options", "nosniff");
  if (file.sandbox) headers.set("content-security-policy", "default-src 'none'; sandbox");
  if (file.cache === "private") headers.set("vary", "Cookie");
  if (file.fileName) headers.set("content-disposition", `${file.disposition ?? "attachment"}; filename="${file.fileName}"`);
  for (const [name, value] of Object.entries(file.headers ?? {})) headers.set(name, value);
  if (!file.fileName && file.etag && ifNoneMatchHits(ifNoneMatch, file.etag)) return new Response(null, { status: 304, headers });
  headers.set("content-type", file.contentType);
  if (typeof file.body === "string") return new Response(file.body, { status: 200, headers });
  const bytes = typeof file.body === "function" ? await file.body() : file.body;
  headers.set("content-length", String(bytes.length));
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), { status: 200, headers });
}

export function pdfAttachment(file: { bytes: Uint8Array; filename: string }): FileData {
  return { contentType: "application/pdf", body: file.bytes, fileName: file.filename, cache: "private-no-store" };
}

export function pdfInline(file: { bytes: Uint8Array; filename: string }): FileData {
  return { ...pdfAttachment(file), disposition: "inline" };
}
