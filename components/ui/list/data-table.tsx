import type { HTMLAttributes, ReactNode } from "react";
import { useTranslations } from "next-intl";
import { SortHeader } from "./sort-header";
import { RowButtons } from "./row-buttons";
import type { SearchParamsRecord } from "./href";

type DataAttributes = Record<`data-${string}`, string | number | undefined>;

export interface Column<T> {
  key: string;
  header: string;
  srOnlyHeader?: boolean;
  sort?: string;
  align?: "right";
  headerClassName?: string;
  /** A cards table derives the phone-card classes from it; "own" takes `className` alone. */
  kind?: "line" | "main" | "actions" | "own";
  className?: string | ((row: T) => string);
  phoneLabel?: boolean;
  cell: (row: T) => ReactNode;
  cellProps?: HTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

export interface TableSort {
  basePath: string;
  searchParams: SearchParamsRecord;
  sort: string;
}

/** Rows as stacked cards on phones and as table rows from lg; `dense` is the top-aligned variant for multi-line cells. */
export type CardLayout = "cards" | "dense";

export function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === "";

function cardCellClass(layout: CardLayout, kind: Column<unknown>["kind"], align: "right" | undefined, shown: boolean): string {
  const base = layout === "dense" ? "rt-cell-top" : "rt-cell";
  const display = shown ? "block" : "hidden";
  if (kind === "main") return "block rt-main";
  if (kind === "actions") return `${display} pt-2 ${base}`;
  if (align !== "right") return `${display} py-0.5 ${base}`;
  return layout === "dense" ? `${display} py-0.5 ${base} lg:text-right` : `${display} py-0.5 rt-num`;
}

/** Stateless markup: the entity's table module is a client component, so the rows travel once in the RSC payload. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  testId,
  sort,
  layout,
  tableClassName = "rt-table",
  headClassName = "rt-head",
  bodyClassName = "rt-body",
  headerCellClassName = layout === "dense" ? "px-3 py-2 font-medium" : "px-4 py-2 font-medium",
  rowProps,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  testId: string;
  sort?: TableSort;
  layout?: CardLayout;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  headerCellClassName?: string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className={tableClassName} data-testid={testId}>
        <thead className={headClassName}>
          <tr>
            {columns.map((c) =>
              c.sort && sort ? (
                <SortHeader key={c.key} {...sort} field={c.sort} label={c.header} align={c.align} />
              ) : (
                <th
                  key={c.key}
                  scope="col"
                  className={[headerCellClassName, c.align === "right" ? "text-right" : "", c.headerClassName ?? ""]
                    .filter(Boolean)
                    .join(" ")}
                >
                  {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={bodyClassName}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={layout && "rt-row"} {...rowProps?.(row)}>
              {columns.map((c) => {
                const value = c.cell(row);
                const own = typeof c.className === "function" ? c.className(row) : c.className;
                const className =
                  layout && c.kind !== "own"
                    ? [cardCellClass(layout, c.kind, c.align, !isEmpty(value)), own].filter(Boolean).join(" ")
                    : own;
                return (
                  <td key={c.key} className={className} {...c.cellProps}>
                    {c.phoneLabel && !isEmpty(value) && <CellLabel>{c.header}</CellLabel>}
                    {value}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function useActionsColumn<T>(opts: {
  className?: string;
  editHref?: (row: T) => string;
  id: (row: T) => number | string;
  name: (row: T) => string;
  deleteData?: (row: T) => Record<`data-${string}`, string | undefined> | undefined;
  extra?: (row: T) => ReactNode;
}): Column<T> {
  const tc = useTranslations("common");
  return {
    key: "actions",
    header: tc("actions"),
    align: "right",
    kind: "actions",
    className: opts.className,
    cell: (row) => (
      <RowButtons
        editHref={opts.editHref?.(row)}
        editLabel={tc("edit")}
        deleteLabel={tc("delete")}
        id={opts.id(row)}
        name={opts.name(row)}
        deleteData={opts.deleteData?.(row)}
      >
        {opts.extra?.(row)}
      </RowButtons>
    ),
  };
}
