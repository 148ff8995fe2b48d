import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { adminCustomersQuery } from "@/lib/schemas/customers";
import { listCustomers } from "@/lib/services/customers";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery, redirectPastLastPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { CustomerTable } from "@/components/admin/customers/customer-table";
import { CUSTOMERS_PATH } from "@/components/admin/customers/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("customers"))("title") };
}

export default async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, t] = await Promise.all([searchParams, getTranslations("customers")]);
  const query = readListQuery(adminCustomersQuery, params);
  const result = await listCustomers(query);
  redirectPastLastPage(CUSTOMERS_PATH, params, result);
  return (
    <ListPage
      title={t("title")}
      intro={t("intro")}
      count={result.total}
      filtered={!!query.q || query.kind !== "all"}
      resetHref={CUSTOMERS_PATH}
      testIdPrefix="customer"
      empty={
        <EmptyState message={t("empty")} testId="customer-empty">
          {null}
        </EmptyState>
      }
      table={<CustomerTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ basePath: CUSTOMERS_PATH, searchParams: params, ...result }}
    >
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[
          {
            param: "kind",
            label: t("kind"),
            allLabel: t("kinds.all"),
            options: [
              { value: "customer", label: t("kinds.customer") },
              { value: "guest", label: t("kinds.guest") },
            ],
          },
        ]}
      />
    </ListPage>
  );
}
