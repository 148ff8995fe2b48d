import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listSuppliersQuery } from "@/lib/schemas/suppliers";
import { listSuppliers } from "@/lib/services/suppliers";
import { ListPage } from "@/components/ui/list/list-page";
import { loadListPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { SupplierTable } from "@/components/admin/suppliers/supplier-table";
import { SUPPLIERS_PATH } from "@/components/admin/suppliers/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("suppliers"))("title") };
}

export default async function SuppliersPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, locale, t] = await Promise.all([searchParams, getLocale(), getTranslations("suppliers")]);
  const { query, result } = await loadListPage(SUPPLIERS_PATH, listSuppliersQuery, params, (q) => listSuppliers(q, shopLocale(locale)));
  return (
    <ListPage
      title={t("title")}
      basePath={SUPPLIERS_PATH}
      testIdPrefix="supplier"
      newItem={{ href: `${SUPPLIERS_PATH}/new`, label: t("new") }}
      emptyMessage={t("empty")}
      filtered={!!query.q}
      deleteRow={{
        pathTemplate: "/admin/suppliers/{id}",
        title: t("confirmDelete", { name: "{name}" }),
        success: t("deletedToast", { name: "{name}" }),
      }}
      toolbar={{
        searchLabel: t("searchLabel"),
        sort: {
          label: t("sortLabel"),
          defaultLabel: t("sortCompanyAsc"),
          options: [
            { value: "-companyName", label: t("sortCompanyDesc") },
            { value: "city", label: t("sortCityAsc") },
            { value: "-city", label: t("sortCityDesc") },
            { value: "-createdAt", label: t("sortNewest") },
            { value: "createdAt", label: t("sortOldest") },
          ],
        },
      }}
      table={<SupplierTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ searchParams: params, ...result }}
    />
  );
}
