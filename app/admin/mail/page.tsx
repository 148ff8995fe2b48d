import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { isOwner } from "@/lib/domain/permissions";
import { adminMailQuery } from "@/lib/schemas/admin-orders";
import { listMail } from "@/lib/services/mail";
import { ListPage } from "@/components/ui/list/list-page";
import { loadListPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { MailTable } from "@/components/admin/mail/mail-table";
import { MailRowActions } from "@/components/admin/mail/mail-row-actions";

const MAIL_PATH = "/admin/mail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminMail"))("title") };
}

export default async function AdminMailPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  const session = await requireBackOffice("mail");
  const [params, t] = await Promise.all([searchParams, getTranslations("adminMail")]);
  const { query, result } = await loadListPage(MAIL_PATH, adminMailQuery, params, listMail);
  const statusOptions = (["queued", "sent", "failed"] as const).map((value) => ({ value, label: t(`status.${value}`) }));
  return (
    <ListPage
      title={t("title")}
      intro={t("intro")}
      basePath={MAIL_PATH}
      testIdPrefix="mail"
      empty={
        <p className="card text-stone-600" data-testid="mail-empty">
          {t("empty")}
        </p>
      }
      filtered={query.q !== undefined || query.status !== "all"}
      toolbar={{
        searchLabel: t("searchLabel"),
        filters: [{ param: "status", label: t("statusLabel"), allLabel: t("statusAll"), options: statusOptions }],
      }}
      table={<MailTable items={result.items} canResend={isOwner(session.roles)} />}
      paging={{ searchParams: params, ...result }}
    >
      <MailRowActions />
    </ListPage>
  );
}
