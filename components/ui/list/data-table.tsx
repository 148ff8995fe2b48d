import type { HTMLAttributes, ReactNode } from "react";
import { useTranslations } from "next-intl";
import { SortHeader } from "./sort-header";
import { RowButtons } from "./row-buttons";
import type { SearchParamsRecord } from "./href";

type DataAttributes = Record<`data-${string}`, string | number | undefined>;

export interface Column<T> {
  key: string;
  header: string;
  /** The header is read out only (an image or actions column). */
  srOnlyHeader?: boolean;
  /** The sort key this header toggles (`field` / `-field`); the table needs `sort`. */
  sort?: string;
  align?: "right";
  headerClassName?: string;
  /** Classes of the cell; a function of the row when the phone layout depends on it (an empty cell hidden). */
  className?: string | ((row: T) => string);
  /** Shows the header in front of the value where rows are stacked cards (phones); empty values show none. */
  phoneLabel?: boolean;
  cell: (row: T) => ReactNode;
  cellProps?: HTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

export interface TableSort {
  basePath: string;
  searchParams: SearchParamsRecord;
  sort: string;
}

/** A label shown in front of a value only where the rows are stacked cards (phones); the table header names it otherwise. */
export function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-stone-500 lg:hidden">{children}:</span>;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === "";

/** Stateless markup: the entity's table module is a client component, so the rows travel once in the RSC payload. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  testId,
  sort,
  tableClassName = "rt-table",
  headClassName = "rt-head",
  bodyClassName = "rt-body",
  headerCellClassName = "px-4 py-2 font-medium",
  rowProps,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  testId: string;
  sort?: TableSort;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  headerCellClassName?: string;
  /** The row's class and data attributes (test ids, names the browser tests find rows by). */
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
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => {
                const value = c.cell(row);
                const className = typeof c.className === "function" ? c.className(row) : c.className;
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
