import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { firstParam, type SearchParamsRecord } from "@/components/ui/list/href";
import { ArticleForm } from "@/components/admin/articles/article-form";
import { loadArticleFormOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("articles"))("createTitle") };
}

export default async function NewArticlePage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, t] = await Promise.all([searchParams, getTranslations("articles")]);
  const type = firstParam(params.type);
  if (type !== "MUG" && type !== "SHIRT") {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-semibold">{t("createTitle")}</h1>
        <div className="card max-w-lg space-y-4" data-testid="article-type-choice">
          <p className="text-stone-700">{t("chooseType")}</p>
          <div className="flex flex-wrap gap-2">
            <Link href="/admin/articles/new?type=MUG" className="btn-primary">
              {t("newMug")}
            </Link>
            <Link href="/admin/articles/new?type=SHIRT" className="btn-secondary">
              {t("newShirt")}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  const options = await loadArticleFormOptions();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{type === "MUG" ? t("newMug") : t("newShirt")}</h1>
      <ArticleForm type={type} options={options} />
    </section>
  );
}
