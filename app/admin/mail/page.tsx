import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { adminMailQuery } from "@/lib/schemas/admin-orders";
import { listMail } from "@/lib/services/mail";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery, redirectPastLastPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { MailTable } from "@/components/admin/mail/mail-table";
import { MailRowActions } from "@/components/admin/mail/mail-row-actions";

const MAIL_PATH = "/admin/mail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminMail"))("title") };
}

export default async function AdminMailPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, t] = await Promise.all([searchParams, getTranslations("adminMail")]);
  const query = readListQuery(adminMailQuery, params);
  const result = await listMail(query);
  redirectPastLastPage(MAIL_PATH, params, result);

  const statusOptions = (["queued", "sent", "failed"] as const).map((value) => ({ value, label: t(`status.${value}`) }));
  const filtered = query.q !== undefined || query.status !== "all";
  return (
    <ListPage
      title={t("title")}
      intro={t("intro")}
      count={result.total}
      filtered={filtered}
      resetHref={MAIL_PATH}
      testIdPrefix="mail"
      empty={
        <p className="card text-stone-600" data-testid="mail-empty">
          {t("empty")}
        </p>
      }
      table={<MailTable items={result.items} />}
      paging={{ basePath: MAIL_PATH, searchParams: params, ...result }}
    >
      <MailRowActions />
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[{ param: "status", label: t("statusLabel"), allLabel: t("statusAll"), options: statusOptions }]}
      />
    </ListPage>
  );
}
