import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { adminCustomersQuery } from "@/lib/schemas/customers";
import { listCustomers } from "@/lib/services/customers";
import { ListPage } from "@/components/ui/list/list-page";
import { loadListPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { CustomerTable } from "@/components/admin/customers/customer-table";
import { CUSTOMERS_PATH } from "@/components/admin/customers/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("customers"))("title") };
}

export default async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice("customers");
  const [params, t] = await Promise.all([searchParams, getTranslations("customers")]);
  const { query, result } = await loadListPage(CUSTOMERS_PATH, adminCustomersQuery, params, listCustomers);
  return (
    <ListPage
      title={t("title")}
      intro={t("intro")}
      basePath={CUSTOMERS_PATH}
      testIdPrefix="customer"
      emptyMessage={t("empty")}
      filtered={!!query.q || query.kind !== "all"}
      toolbar={{
        searchLabel: t("searchLabel"),
        filters: [
          {
            param: "kind",
            label: t("kind"),
            allLabel: t("kinds.all"),
            options: [
              { value: "customer", label: t("kinds.customer") },
              { value: "guest", label: t("kinds.guest") },
            ],
          },
        ],
      }}
      table={<CustomerTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ searchParams: params, ...result }}
    />
  );
}
