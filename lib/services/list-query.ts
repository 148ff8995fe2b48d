import "server-only";

export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** postgres.js says `constraint_name`, PGlite `constraint`. */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { constraint_name, constraint } = e as { constraint_name?: unknown; constraint?: unknown };
    const name = constraint_name ?? constraint;
    if (typeof name === "string" && name) return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const pageOffset = (query: PageQuery): number => (query.page - 1) * query.pageSize;

export async function pagedQuery<R, T = R>(
  query: PageQuery,
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
  total: PromiseLike<{ total: number }[]>,
  toItem?: (row: R) => T,
): Promise<Page<T>> {
  const [found, [counted]] = await Promise.all([rows(query.pageSize, pageOffset(query)), total]);
  const items = toItem ? found.map(toItem) : (found as unknown as T[]);
  return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
