import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listArticlesQuery } from "@/lib/schemas/articles";
import { listArticles } from "@/lib/services/articles";
import { listArticleCategories } from "@/lib/services/article-categories";
import { ListPage } from "@/components/ui/list/list-page";
import { loadListPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { ArticleTable } from "@/components/admin/articles/article-table";
import { ARTICLES_PATH } from "@/components/admin/articles/paths";
import { ArticleTypeTabs } from "@/components/admin/articles/article-type-tabs";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("articles"))("title") };
}

export default async function ArticlesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, locale, t] = await Promise.all([searchParams, getLocale(), getTranslations("articles")]);
  const [{ query, result }, categories] = await Promise.all([
    loadListPage(ARTICLES_PATH, listArticlesQuery, params, (q) => listArticles(q, shopLocale(locale))),
    listArticleCategories(shopLocale(locale)),
  ]);

  const filtered =
    query.type !== undefined ||
    query.categoryId !== undefined ||
    query.subcategoryId !== undefined ||
    query.active !== undefined ||
    !!query.q;
  const sorts = ["-name", "articleNumber", "-articleNumber", "price", "-price", "-createdAt", "createdAt"] as const;
  return (
    <ListPage
      title={t("title")}
      basePath={ARTICLES_PATH}
      testIdPrefix="article"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link href={`${ARTICLES_PATH}/new?type=MUG`} className="btn-primary" data-testid="new-mug">
            {t("newMug")}
          </Link>
          <Link href={`${ARTICLES_PATH}/new?type=SHIRT`} className="btn-secondary" data-testid="new-shirt">
            {t("newShirt")}
          </Link>
        </div>
      }
      emptyMessage={t("empty")}
      emptyHint={t("emptyHint")}
      filtered={filtered}
      deleteRow={{
        pathTemplate: "/admin/articles/{id}",
        title: t("confirmDelete", { name: "{name}" }),
        success: t("deleted", { name: "{name}" }),
        deactivated: t("deactivated", { name: "{name}" }),
      }}
      toolbar={{
        searchLabel: t("list.search"),
        filters: [
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
        ],
        sort: {
          label: t("list.sortLabel"),
          defaultLabel: t("list.sort.name"),
          options: sorts.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        },
      }}
      table={<ArticleTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ searchParams: params, ...result }}
    >
      <ArticleTypeTabs type={query.type} searchParams={params} />
    </ListPage>
  );
}
