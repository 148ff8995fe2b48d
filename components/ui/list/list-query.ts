import { redirect } from "next/navigation";
import type { z } from "zod";
import { firstParam, hrefWith, type SearchParamsRecord } from "./href";

export function readListQuery<S extends z.ZodObject>(
  schema: S,
  searchParams: SearchParamsRecord,
  overrides: Record<string, string | undefined> = {},
): z.infer<S> {
  const raw: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, firstParam(searchParams[key])]),
  );
  Object.assign(raw, overrides);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return schema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

/** After the last row of the last page went away, or from a stale link: go to the last page that has rows. */
export function redirectPastLastPage(
  basePath: string,
  searchParams: SearchParamsRecord,
  result: { items: readonly unknown[]; total: number; page: number; pageSize: number },
): void {
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (result.items.length === 0 && result.page > lastPage) redirect(hrefWith(basePath, searchParams, { page: lastPage }));
}

/** The query of the URL, the page of rows it asks for, and the redirect when that page is past the last. */
export async function loadListPage<
  S extends z.ZodObject,
  R extends { items: readonly unknown[]; total: number; page: number; pageSize: number },
>(
  basePath: string,
  schema: S,
  searchParams: SearchParamsRecord,
  load: (query: z.infer<S>) => Promise<R>,
): Promise<{ query: z.infer<S>; result: R }> {
  const query = readListQuery(schema, searchParams);
  const result = await load(query);
  redirectPastLastPage(basePath, searchParams, result);
  return { query, result };
}
