import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { env } from "@/lib/env";
import { AUDIT_ACTIONS } from "@/lib/domain/audit-vocabulary";
import { adminAuditQuery } from "@/lib/schemas/audit";
import { listAudit } from "@/lib/services/audit";
import { ListPage } from "@/components/ui/list/list-page";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { loadListPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { AuditTable } from "@/components/admin/audit/audit-table";
import { DateRangeFilter } from "@/components/admin/orders/date-range-filter";

const AUDIT_PATH = "/admin/audit";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminAudit"))("title") };
}

/** The owner's page only: staff do not see who did what. */
export default async function AdminAuditPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, t] = await Promise.all([searchParams, getTranslations("adminAudit")]);
  const { query, result } = await loadListPage(AUDIT_PATH, adminAuditQuery, params, listAudit);
  const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: t(`action.${value}`) }));
  return (
    <ListPage
      title={t("title")}
      intro={t("intro", { days: env().AUDIT_LOG_DAYS })}
      basePath={AUDIT_PATH}
      testIdPrefix="audit"
      empty={
        <p className="card text-stone-600" data-testid="audit-empty">
          {t("empty")}
        </p>
      }
      filtered={query.q !== undefined || query.action !== undefined || query.from !== undefined || query.to !== undefined}
      table={<AuditTable items={result.items} />}
      paging={{ searchParams: params, ...result }}
    >
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[{ param: "action", label: t("actionLabel"), allLabel: t("actionAll"), options: actionOptions }]}
      >
        <DateRangeFilter legend={t("dateRange")} testIdPrefix="audit-filter" />
      </ListToolbar>
    </ListPage>
  );
}
