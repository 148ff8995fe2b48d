import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { MessageKey } from "@/lib/errors";
import type { CountKey } from "@/lib/schemas/category-tree";

type Col<T, NotNull extends boolean = true> = AnyPgColumn<{ data: T; notNull: NotNull }>;

export type CategoryTable = PgTable & {
  id: Col<number>;
  name: Col<string>;
  description: Col<string, false>;
  createdAt: Col<Date>;
  updatedAt: Col<Date>;
};

export type SubcategoryTable = CategoryTable & { categoryId: Col<number> };

export type GermanColumns = { nameDe: Col<string, false>; descriptionDe: Col<string, false> };

export type ChildTable = PgTable & { id: Col<number>; categoryId: Col<number>; subcategoryId: Col<number, false> };

export interface CategoryTreeConfig<K extends CountKey> {
  categories: CategoryTable;
  subcategories: SubcategoryTable;
  children: ChildTable;
  german?: { categories: GermanColumns; subcategories: GermanColumns };
  countKey: K;
  messages: {
    categoryHasChildren: MessageKey;
    subcategoryHasChildren: MessageKey;
    subcategoryMoveHasChildren: MessageKey;
  };
}

export interface CategoryRow {
  id: number;
  name: string;
  description: string | null;
  nameDe?: string | null;
  descriptionDe?: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface SubcategoryRow extends CategoryRow {
  categoryId: number;
}
