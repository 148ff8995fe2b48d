export type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** Any change other than `page` itself resets paging to the first page. */
export function hrefWith(
  basePath: string,
  current: SearchParamsRecord,
  changes: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(current)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== "") params.set(key, first);
  }
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  if (params.get("page") === "1") params.delete("page");
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
