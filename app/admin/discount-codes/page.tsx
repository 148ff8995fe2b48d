import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { listDiscountCodesQuery } from "@/lib/schemas/discounts";
import { listDiscountCodes } from "@/lib/services/discounts";
import { ListPage } from "@/components/ui/list/list-page";
import { loadListPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { DiscountCodeTable } from "@/components/admin/discount-codes/discount-code-table";
import { DISCOUNT_CODES_PATH } from "@/components/admin/discount-codes/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("discountCodes"))("title") };
}

export default async function DiscountCodesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, t] = await Promise.all([searchParams, getTranslations("discountCodes")]);
  const { query, result } = await loadListPage(DISCOUNT_CODES_PATH, listDiscountCodesQuery, params, listDiscountCodes);
  return (
    <ListPage
      title={t("title")}
      basePath={DISCOUNT_CODES_PATH}
      testIdPrefix="discount-code"
      newItem={{ href: `${DISCOUNT_CODES_PATH}/new`, label: t("new") }}
      emptyMessage={t("empty")}
      filtered={!!query.q}
      deleteRow={{
        pathTemplate: "/admin/discount-codes/{id}",
        title: t("confirmDelete", { name: "{name}" }),
        success: t("deletedToast", { name: "{name}" }),
      }}
      toolbar={{
        searchLabel: t("searchLabel"),
        sort: {
          label: t("sortLabel"),
          defaultLabel: t("sortNewest"),
          options: [
            { value: "createdAt", label: t("sortOldest") },
            { value: "code", label: t("sortCodeAsc") },
            { value: "-code", label: t("sortCodeDesc") },
            { value: "-used", label: t("sortUsed") },
            { value: "-revenue", label: t("sortRevenue") },
            { value: "validTo", label: t("sortValidTo") },
          ],
        },
      }}
      table={<DiscountCodeTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ searchParams: params, ...result }}
    />
  );
}
