import "server-only";

/** One entry per process, dropped on every save here; other instances see a change within the catalogue's TTL. */
type Entry<T> = { value: Promise<T>; expires: number; generation: number };

const state = ((globalThis as { __shopBrandCache?: { entry: Entry<unknown> | null; generation: number } }).__shopBrandCache ??= {
  entry: null,
  generation: 0,
});

function ttlMs(): number {
  const raw = Number(process.env.CATALOG_CACHE_SECONDS ?? 300);
  return Number.isFinite(raw) && raw >= 0 ? raw * 1000 : 300_000;
}

export function cachedBrand<T>(load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = state.entry;
  if (hit && hit.expires > now && hit.generation === state.generation) return hit.value as Promise<T>;
  const entry: Entry<T> = { value: load(), expires: now + ttlMs(), generation: state.generation };
  state.entry = entry;
  entry.value.catch(() => {
    if (state.entry === entry) state.entry = null;
  });
  return entry.value;
}

/** Also called when the seller's settings change: without brand settings the shop is called by the legal name. */
export function invalidateBrand(): void {
  state.generation++;
  state.entry = null;
}
