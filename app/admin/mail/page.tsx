import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { adminMailQuery, type AdminMailQuery } from "@/lib/schemas/admin-orders";
import { listMail } from "@/lib/services/mail";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { Pagination } from "@/components/ui/list/pagination";
import { firstParam, hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { MailTable } from "@/components/admin/mail/mail-table";
import { MailRowActions } from "@/components/admin/mail/mail-row-actions";

const MAIL_PATH = "/admin/mail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminMail"))("title") };
}

/** The list state from the URL; a value that does not parse (a hand-edited URL) falls back to its default. */
function readQuery(searchParams: SearchParamsRecord): AdminMailQuery {
  const raw = {
    status: firstParam(searchParams.status),
    q: firstParam(searchParams.q),
    page: firstParam(searchParams.page),
    pageSize: firstParam(searchParams.pageSize),
  };
  const parsed = adminMailQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return adminMailQuery.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

/** The outbox: every mail the shop sent or tried to send, with the retry state and a Resend action. */
export default async function AdminMailPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, t, tl] = await Promise.all([searchParams, getTranslations("adminMail"), getTranslations("list")]);
  const query = readQuery(params);
  const result = await listMail(query);
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (result.items.length === 0 && query.page > lastPage) redirect(hrefWith(MAIL_PATH, params, { page: lastPage }));

  const statusOptions = (["queued", "sent", "failed"] as const).map((value) => ({ value, label: t(`status.${value}`) }));
  const filtered = query.q !== undefined || query.status !== "all";
  return (
    <section className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-stone-600">{t("intro")}</p>
      </div>
      <MailRowActions />
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[{ param: "status", label: t("statusLabel"), allLabel: t("statusAll"), options: statusOptions }]}
      />
      {result.total === 0 ? (
        filtered ? (
          <EmptyState message={tl("noResults")} testId="mail-no-results">
            <Link href={MAIL_PATH} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          <p className="card text-stone-600" data-testid="mail-empty">
            {t("empty")}
          </p>
        )
      ) : (
        <>
          <MailTable items={result.items} />
          <Pagination basePath={MAIL_PATH} searchParams={params} page={result.page} pageSize={result.pageSize} total={result.total} />
        </>
      )}
    </section>
  );
}
