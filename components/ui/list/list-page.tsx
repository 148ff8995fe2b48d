import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/query-state";
import { Pagination } from "./pagination";
import type { SearchParamsRecord } from "./href";

export async function ListPage({
  title,
  intro,
  actions,
  children,
  count,
  filtered,
  resetHref,
  testIdPrefix,
  empty,
  table,
  paging,
  footer,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  children?: ReactNode;
  /** The number of matching rows (0 shows the empty or no-results state). */
  count: number;
  filtered: boolean;
  resetHref: string;
  /** `{prefix}-no-results` is the no-results state's test id. */
  testIdPrefix: string;
  empty: ReactNode;
  table: ReactNode;
  paging?: { basePath: string; searchParams: SearchParamsRecord; page: number; pageSize: number; total: number };
  footer?: ReactNode;
}) {
  const tl = await getTranslations("list");
  const heading = <h1 className="text-2xl font-semibold">{title}</h1>;
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
        {actions}
      </div>
      {children}
      {count === 0 ? (
        filtered ? (
          <EmptyState message={tl("noResults")} testId={`${testIdPrefix}-no-results`}>
            <Link href={resetHref} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          empty
        )
      ) : (
        <>
          {table}
          {paging && (
            <Pagination
              basePath={paging.basePath}
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
