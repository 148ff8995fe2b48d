import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listSuppliersQuery } from "@/lib/schemas/suppliers";
import { listSuppliers } from "@/lib/services/suppliers";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery, redirectPastLastPage } from "@/components/ui/list/list-query";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { SupplierTable } from "@/components/admin/suppliers/supplier-table";
import { SUPPLIERS_PATH } from "@/components/admin/suppliers/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("suppliers"))("title") };
}

export default async function SuppliersPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, locale, t] = await Promise.all([searchParams, getLocale(), getTranslations("suppliers")]);
  const query = readListQuery(listSuppliersQuery, params);
  const result = await listSuppliers(query, shopLocale(locale));
  redirectPastLastPage(SUPPLIERS_PATH, params, result);

  const sortOptions = [
    { value: "-companyName", label: t("sortCompanyDesc") },
    { value: "city", label: t("sortCityAsc") },
    { value: "-city", label: t("sortCityDesc") },
    { value: "-createdAt", label: t("sortNewest") },
    { value: "createdAt", label: t("sortOldest") },
  ];
  const newButton = (
    <Link href={`${SUPPLIERS_PATH}/new`} className="btn-primary">
      {t("new")}
    </Link>
  );
  return (
    <ListPage
      title={t("title")}
      actions={newButton}
      count={result.total}
      filtered={!!query.q}
      resetHref={SUPPLIERS_PATH}
      testIdPrefix="supplier"
      empty={
        <EmptyState message={t("empty")} testId="supplier-empty">
          {newButton}
        </EmptyState>
      }
      table={<SupplierTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ basePath: SUPPLIERS_PATH, searchParams: params, ...result }}
    >
      <DeleteRowHost
        pathTemplate="/admin/suppliers/{id}"
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deletedToast", { name: "{name}" })}
      />
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[{ param: "sort", label: t("sortLabel"), allLabel: t("sortCompanyAsc"), options: sortOptions }]}
      />
    </ListPage>
  );
}
