import "server-only";
import { createHash } from "node:crypto";

type Entry = { value: Promise<unknown>; expires: number; generation: number };

const state = ((globalThis as { __shopCatalogCache?: { entries: Map<string, Entry>; generation: number } }).__shopCatalogCache ??= {
  entries: new Map(),
  generation: 0,
});

function ttlMs(): number {
  const raw = Number(process.env.CATALOG_CACHE_SECONDS ?? 300);
  return Number.isFinite(raw) && raw >= 0 ? raw * 1000 : 300_000;
}

export function cachedCatalog<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = state.entries.get(key);
  if (hit && hit.expires > now && hit.generation === state.generation) return hit.value as Promise<T>;
  const generation = state.generation;
  const value = load();
  state.entries.set(key, { value, expires: now + ttlMs(), generation });
  value.catch(() => {
    if (state.entries.get(key)?.value === value) state.entries.delete(key);
  });
  return value;
}

export function invalidateCatalog(): void {
  state.generation++;
  state.entries.clear();
}

export interface CatalogJson {
  body: string;
  etag: string;
}

/** The ETag is the content's hash, so every instance gives the same content the same tag. */
export function cachedCatalogJson<T>(key: string, load: () => Promise<T>): Promise<CatalogJson> {
  return cachedCatalog(`json:${key}`, async () => {
    const body = JSON.stringify(await load());
    return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
  });
}
