import "server-only";
import { createHash } from "node:crypto";
import { HEX_COLOR, DEFAULT_PRIMARY_COLOR, textOn } from "@/lib/domain/brand";
import type { FileData } from "@/lib/request-context/file-data";
import { readImageBytesOrThrow } from "../images";
import { loadBrand } from "./load";

/** The shop's mug in the owner's colour, for a shop without a logo; the colour is checked, so this stays our own markup. */
export function generatedIcon(primaryColor: string): string {
  const fill = HEX_COLOR.test(primaryColor) ? primaryColor : DEFAULT_PRIMARY_COLOR;
  const ink = textOn(fill);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">`,
    `<rect width="32" height="32" rx="7" fill="${fill}"/>`,
    `<path d="M7 9h14v11a5 5 0 0 1-5 5h-4a5 5 0 0 1-5-5z" fill="${ink}"/>`,
    `<path d="M21 12h2.5a3.5 3.5 0 0 1 0 7H21" fill="none" stroke="${ink}" stroke-width="2.2"/>`,
    `<path d="M11.5 13.5l1 2.2 2.2 1-2.2 1-1 2.2-1-2.2-2.2-1 2.2-1z" fill="${fill}"/>`,
    `</svg>`,
  ].join("");
}

const CACHE = { "cache-control": "public, max-age=300" };

export async function brandIcon(): Promise<FileData> {
  const brand = await loadBrand();
  if (brand.logo) {
    const logo = brand.logo;
    return {
      contentType: logo.mimeType,
      body: () => readImageBytesOrThrow({ id: logo.imageId, storageKey: logo.storageKey }),
      cache: "no-store",
      etag: `"${logo.storageKey}"`,
      sandbox: true,
      headers: CACHE,
    };
  }
  const svg = generatedIcon(brand.primaryColor);
  return {
    contentType: "image/svg+xml",
    body: svg,
    cache: "no-store",
    etag: `"${createHash("sha256").update(svg).digest("base64url").slice(0, 16)}"`,
    sandbox: true,
    headers: CACHE,
  };
}
