import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listPromptCategories } from "@/lib/services/prompt-categories";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { CategoryTreePage } from "@/components/admin/category-tree/category-tree-page";
import { PROMPT_CATEGORY_SCREEN } from "@/components/admin/category-tree/screens";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("promptCategories"))("title") };
}

export default async function PromptCategoriesPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, locale] = await Promise.all([searchParams, getLocale()]);
  const categories = await listPromptCategories(shopLocale(locale));
  return <CategoryTreePage screen={PROMPT_CATEGORY_SCREEN} categories={categories} searchParams={params} />;
}
