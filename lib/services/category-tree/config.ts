import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { MessageKey } from "@/lib/errors";
import type { CountKey } from "@/lib/schemas/category-tree";

/** What a category tree service is built from; any pair of tables shaped like article_categories/article_subcategories fits. */
type Col<T, NotNull extends boolean = true> = AnyPgColumn<{ data: T; notNull: NotNull }>;

export type CategoryTable = PgTable & {
  id: Col<number>;
  name: Col<string>;
  description: Col<string, false>;
  createdAt: Col<Date>;
  updatedAt: Col<Date>;
};

export type SubcategoryTable = CategoryTable & { categoryId: Col<number> };

/** The German name and description columns of a category or subcategory table (nullable: null falls back to the English). */
export type GermanColumns = { nameDe: Col<string, false>; descriptionDe: Col<string, false> };

/** The table of the children: each row belongs to a category and optionally to one of its subcategories. */
export type ChildTable = PgTable & { id: Col<number>; categoryId: Col<number>; subcategoryId: Col<number, false> };

export interface CategoryTreeConfig<K extends CountKey> {
  categories: CategoryTable;
  subcategories: SubcategoryTable;
  children: ChildTable;
  /** German name and description columns, in a tree that has them (prompt categories). */
  german?: { categories: GermanColumns; subcategories: GermanColumns };
  countKey: K;
  messages: {
    /** 409 deleting a category that children use directly, e.g. errors.categoryHasArticles. */
    categoryHasChildren: MessageKey;
    /** 409 deleting a subcategory that children use, e.g. errors.subcategoryHasArticles. */
    subcategoryHasChildren: MessageKey;
    /** 409 moving a subcategory that children use to another category, e.g. errors.subcategoryMoveHasArticles. */
    subcategoryMoveHasChildren: MessageKey;
  };
}

export interface CategoryRow {
  id: number;
  name: string;
  description: string | null;
  /** Read only in a tree with German texts. */
  nameDe?: string | null;
  descriptionDe?: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface SubcategoryRow extends CategoryRow {
  categoryId: number;
}
