/** Without zod, so the my-images page's first load needs no zod. */

export const USER_IMAGE_TYPES = ["UPLOADED", "GENERATED", "EDITED"] as const;
export type UserImageType = (typeof USER_IMAGE_TYPES)[number];

export const USER_IMAGE_SORTS = ["date", "type"] as const;
export type UserImageSort = (typeof USER_IMAGE_SORTS)[number];

export const SORT_ORDERS = ["desc", "asc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

export function sortFromUrl(params: { get(name: string): string | null }): { sort: UserImageSort; order: SortOrder } {
  const sort = params.get("sort") ?? "date";
  const order = params.get("order") ?? "desc";
  return oneOf(USER_IMAGE_SORTS, sort) && oneOf(SORT_ORDERS, order) ? { sort, order } : { sort: "date", order: "desc" };
}
