import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listArticlesQuery, type ListArticlesQuery } from "@/lib/schemas/articles";
import { listArticles } from "@/lib/services/articles";
import { listArticleCategories } from "@/lib/services/article-categories";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { Pagination } from "@/components/ui/list/pagination";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import { firstParam, hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { ArticleTable } from "@/components/admin/articles/article-table";
import { ARTICLES_PATH } from "@/components/admin/articles/paths";
import { ArticleTypeTabs } from "@/components/admin/articles/article-type-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("articles"))("title") };
}

const KEYS = ["type", "categoryId", "subcategoryId", "active", "q", "sort", "page", "pageSize"] as const;

/** The list state from the URL; a value that does not parse (a hand-edited URL) falls back to its default. */
function readQuery(searchParams: SearchParamsRecord): ListArticlesQuery {
  const raw = Object.fromEntries(KEYS.map((key) => [key, firstParam(searchParams[key])]));
  const parsed = listArticlesQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return listArticlesQuery.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

export default async function ArticlesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, locale, t, tl] = await Promise.all([searchParams, getLocale(), getTranslations("articles"), getTranslations("list")]);
  const query = readQuery(params);
  const [result, categories] = await Promise.all([listArticles(query), listArticleCategories(shopLocale(locale))]);
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  // After deleting the last row of the last page, or from a stale link: show the last page that has rows.
  if (result.items.length === 0 && query.page > lastPage) redirect(hrefWith(ARTICLES_PATH, params, { page: lastPage }));

  const filtered =
    query.type !== undefined ||
    query.categoryId !== undefined ||
    query.subcategoryId !== undefined ||
    query.active !== undefined ||
    !!query.q;
  const sortOptions = (["-name", "articleNumber", "-articleNumber", "price", "-price", "-createdAt", "createdAt"] as const).map(
    (value) => ({
      value,
      label: t(`list.sort.${value}`),
    }),
  );
  const newButtons = (
    <div className="flex flex-wrap gap-2">
      <Link href={`${ARTICLES_PATH}/new?type=MUG`} className="btn-primary" data-testid="new-mug">
        {t("newMug")}
      </Link>
      <Link href={`${ARTICLES_PATH}/new?type=SHIRT`} className="btn-secondary" data-testid="new-shirt">
        {t("newShirt")}
      </Link>
    </div>
  );
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        {newButtons}
      </div>
      <DeleteRowHost
        pathTemplate="/admin/articles/{id}"
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deleted", { name: "{name}" })}
        deactivated={t("deactivated", { name: "{name}" })}
      />
      <ArticleTypeTabs type={query.type} searchParams={params} />
      <ListToolbar
        searchLabel={t("list.search")}
        filters={[
          {
            param: "categoryId",
            label: t("list.category"),
            allLabel: t("list.allCategories"),
            options: categories.map((c) => ({ value: String(c.id), label: c.name })),
          },
          {
            param: "active",
            label: t("list.status"),
            allLabel: t("list.anyStatus"),
            options: [
              { value: "true", label: t("list.active") },
              { value: "false", label: t("list.inactive") },
            ],
          },
          { param: "sort", label: t("list.sortLabel"), allLabel: t("list.sort.name"), options: sortOptions },
        ]}
      />
      {result.total === 0 ? (
        filtered ? (
          <EmptyState message={tl("noResults")} testId="article-no-results">
            <Link href={ARTICLES_PATH} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState message={t("empty")} testId="article-empty">
            <p className="text-sm text-stone-500">{t("emptyHint")}</p>
          </EmptyState>
        )
      ) : (
        <>
          <ArticleTable items={result.items} sort={query.sort} searchParams={params} />
          <Pagination basePath={ARTICLES_PATH} searchParams={params} page={result.page} pageSize={result.pageSize} total={result.total} />
        </>
      )}
    </section>
  );
}
