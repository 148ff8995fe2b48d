import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { listDiscountCodesQuery } from "@/lib/schemas/discounts";
import { listDiscountCodes } from "@/lib/services/discounts";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery, redirectPastLastPage } from "@/components/ui/list/list-query";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { DiscountCodeTable } from "@/components/admin/discount-codes/discount-code-table";
import { DISCOUNT_CODES_PATH } from "@/components/admin/discount-codes/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("discountCodes"))("title") };
}

export default async function DiscountCodesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, t] = await Promise.all([searchParams, getTranslations("discountCodes")]);
  const query = readListQuery(listDiscountCodesQuery, params);
  const result = await listDiscountCodes(query);
  redirectPastLastPage(DISCOUNT_CODES_PATH, params, result);

  const sortOptions = [
    { value: "createdAt", label: t("sortOldest") },
    { value: "code", label: t("sortCodeAsc") },
    { value: "-code", label: t("sortCodeDesc") },
    { value: "-used", label: t("sortUsed") },
    { value: "-revenue", label: t("sortRevenue") },
    { value: "validTo", label: t("sortValidTo") },
  ];
  const newButton = (
    <Link href={`${DISCOUNT_CODES_PATH}/new`} className="btn-primary">
      {t("new")}
    </Link>
  );
  return (
    <ListPage
      title={t("title")}
      actions={newButton}
      count={result.total}
      filtered={!!query.q}
      resetHref={DISCOUNT_CODES_PATH}
      testIdPrefix="discount-code"
      empty={
        <EmptyState message={t("empty")} testId="discount-code-empty">
          {newButton}
        </EmptyState>
      }
      table={<DiscountCodeTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ basePath: DISCOUNT_CODES_PATH, searchParams: params, ...result }}
    >
      <DeleteRowHost
        pathTemplate="/admin/discount-codes/{id}"
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deletedToast", { name: "{name}" })}
      />
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[{ param: "sort", label: t("sortLabel"), allLabel: t("sortNewest"), options: sortOptions }]}
      />
    </ListPage>
  );
}
