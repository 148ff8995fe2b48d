import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listSuppliersQuery, type ListSuppliersQuery } from "@/lib/schemas/suppliers";
import { listSuppliers } from "@/lib/services/suppliers";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { Pagination } from "@/components/ui/list/pagination";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import { firstParam, hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { SupplierTable } from "@/components/admin/suppliers/supplier-table";
import { SUPPLIERS_PATH } from "@/components/admin/suppliers/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("suppliers"))("title") };
}

/** The list state from the URL; a value that does not parse (a hand-edited URL) falls back to its default. */
function readQuery(searchParams: SearchParamsRecord): ListSuppliersQuery {
  const raw = {
    q: firstParam(searchParams.q),
    sort: firstParam(searchParams.sort),
    page: firstParam(searchParams.page),
    pageSize: firstParam(searchParams.pageSize),
  };
  const parsed = listSuppliersQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return listSuppliersQuery.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

export default async function SuppliersPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, locale, t, tl] = await Promise.all([searchParams, getLocale(), getTranslations("suppliers"), getTranslations("list")]);
  const query = readQuery(params);
  const result = await listSuppliers(query, shopLocale(locale));
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  // After deleting the last row of the last page, or from a stale link: show the last page that has rows.
  if (result.items.length === 0 && query.page > lastPage) redirect(hrefWith(SUPPLIERS_PATH, params, { page: lastPage }));

  const sortOptions = [
    { value: "-companyName", label: t("sortCompanyDesc") },
    { value: "city", label: t("sortCityAsc") },
    { value: "-city", label: t("sortCityDesc") },
    { value: "-createdAt", label: t("sortNewest") },
    { value: "createdAt", label: t("sortOldest") },
  ];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Link href={`${SUPPLIERS_PATH}/new`} className="btn-primary">
          {t("new")}
        </Link>
      </div>
      <DeleteRowHost
        pathTemplate="/admin/suppliers/{id}"
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deletedToast", { name: "{name}" })}
      />
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[{ param: "sort", label: t("sortLabel"), allLabel: t("sortCompanyAsc"), options: sortOptions }]}
      />
      {result.total === 0 ? (
        query.q ? (
          <EmptyState message={tl("noResults")} testId="supplier-no-results">
            <Link href={SUPPLIERS_PATH} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState message={t("empty")} testId="supplier-empty">
            <Link href={`${SUPPLIERS_PATH}/new`} className="btn-primary">
              {t("new")}
            </Link>
          </EmptyState>
        )
      ) : (
        <>
          <SupplierTable items={result.items} sort={query.sort} searchParams={params} />
          <Pagination basePath={SUPPLIERS_PATH} searchParams={params} page={result.page} pageSize={result.pageSize} total={result.total} />
        </>
      )}
    </section>
  );
}
