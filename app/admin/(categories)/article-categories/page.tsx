import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listArticleCategories } from "@/lib/services/article-categories";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { CategoryTreePage } from "@/components/admin/category-tree/category-tree-page";
import { ARTICLE_CATEGORY_SCREEN } from "@/components/admin/category-tree/screens";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("articleCategories"))("title") };
}

export default async function ArticleCategoriesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, locale] = await Promise.all([searchParams, getLocale()]);
  const categories = await listArticleCategories(shopLocale(locale));
  return <CategoryTreePage screen={ARTICLE_CATEGORY_SCREEN} categories={categories} searchParams={params} />;
}
