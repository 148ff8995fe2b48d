import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { listArticleCategories } from "@/lib/services/article-categories";
import { categoryDeletePath } from "@/lib/api-client/article-categories";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { CategoryList } from "@/components/admin/article-categories/category-list";
import { CategoryInlineForm } from "@/components/admin/article-categories/category-inline-form";
import { formHref, readFormState } from "@/components/admin/article-categories/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("articleCategories"))("title") };
}

/** Article categories with their subcategories nested (spec section 2), inline create and edit, one shared delete dialog. */
export default async function ArticleCategoriesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, locale, t] = await Promise.all([searchParams, getLocale(), getTranslations("articleCategories")]);
  const categories = await listArticleCategories(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const form = readFormState(params);
  const creating = form?.form === "new-category";
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-stone-600">{t("intro")}</p>
        </div>
        {!creating && (
          <Link href={formHref({ form: "new-category" })} scroll={false} className="btn-primary">
            {t("newCategory")}
          </Link>
        )}
      </div>
      <DeleteRowHost pathTemplate={categoryDeletePath} title={t("confirmDelete", { name: "{name}" })} success={t("deleted", { name: "{name}" })} />
      {creating && (
        <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
          <CategoryInlineForm key="new-category" target={{ kind: "category", name: "", description: null }} categories={[]} />
        </div>
      )}
      {categories.length === 0 ? (
        !creating && (
          <EmptyState message={t("empty")} testId="category-empty">
            <Link href={formHref({ form: "new-category" })} scroll={false} className="btn-primary">
              {t("newCategory")}
            </Link>
          </EmptyState>
        )
      ) : (
        <CategoryList categories={categories} form={form} />
      )}
    </section>
  );
}
