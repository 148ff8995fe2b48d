import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/query-state";
import { DeleteRowHost } from "./delete-row-host";
import { ListToolbar, type ListFilter } from "./list-toolbar";
import { Pagination } from "./pagination";
import type { SearchParamsRecord } from "./href";

export interface ListToolbarConfig {
  searchLabel: string;
  filters?: readonly ListFilter[];
  /** The `sort` select, after the filters; `defaultLabel` names the order without a `sort` param. */
  sort?: { label: string; defaultLabel: string; options: ListFilter["options"] };
}

/** A page states only what is its own; what it leaves out is not rendered. */
export async function ListPage({
  title,
  intro,
  actions,
  children,
  count,
  filtered = false,
  basePath,
  resetHref = basePath,
  testIdPrefix,
  newItem,
  emptyMessage,
  emptyHint,
  empty,
  deleteRow,
  toolbar,
  table,
  paging,
  footer,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  children?: ReactNode;
  /** The number of matching rows (0 shows the empty or no-results state); the paging's total by default. */
  count?: number;
  filtered?: boolean;
  basePath: string;
  resetHref?: string;
  /** `{prefix}-no-results` and `{prefix}-empty` are the empty states' test ids. */
  testIdPrefix: string;
  /** The "new" button, in the header and (unless `emptyHint`) in the empty state. */
  newItem?: { href: string; label: string; testId?: string };
  emptyMessage?: string;
  emptyHint?: string;
  empty?: ReactNode;
  deleteRow?: ComponentProps<typeof DeleteRowHost>;
  toolbar?: ListToolbarConfig;
  table: ReactNode;
  paging?: { searchParams: SearchParamsRecord; page: number; pageSize: number; total: number };
  footer?: ReactNode;
}) {
  const tl = await getTranslations("list");
  const heading = <h1 className="text-2xl font-semibold">{title}</h1>;
  const newButton = newItem && (
    <Link href={newItem.href} className="btn-primary" data-testid={newItem.testId}>
      {newItem.label}
    </Link>
  );
  const filters = toolbar && [
    ...(toolbar.filters ?? []),
    ...(toolbar.sort
      ? [{ param: "sort", label: toolbar.sort.label, allLabel: toolbar.sort.defaultLabel, options: toolbar.sort.options }]
      : []),
  ];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {intro ? (
          <div className="space-y-1">
            {heading}
            <p className="text-sm text-stone-600">{intro}</p>
          </div>
        ) : (
          heading
        )}
        {actions ?? newButton}
      </div>
      {deleteRow && <DeleteRowHost {...deleteRow} />}
      {children}
      {toolbar && <ListToolbar searchLabel={toolbar.searchLabel} filters={filters} />}
      {(count ?? paging?.total ?? 0) === 0 ? (
        filtered ? (
          <EmptyState message={tl("noResults")} testId={`${testIdPrefix}-no-results`}>
            <Link href={resetHref} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          (empty ?? (
            <EmptyState message={emptyMessage ?? ""} testId={`${testIdPrefix}-empty`}>
              {emptyHint ? <p className="text-sm text-stone-500">{emptyHint}</p> : newButton}
            </EmptyState>
          ))
        )
      ) : (
        <>
          {table}
          {paging && (
            <Pagination
              basePath={basePath}
              searchParams={paging.searchParams}
              page={paging.page}
              pageSize={paging.pageSize}
              total={paging.total}
            />
          )}
          {footer}
        </>
      )}
    </section>
  );
}
