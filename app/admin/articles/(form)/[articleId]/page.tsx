import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { ApiError } from "@/lib/errors";
import { idParams } from "@/lib/schemas/common";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { getArticleOrThrow } from "@/lib/services/articles";
import { ArticleForm } from "@/components/admin/articles/article-form";
import { loadArticleFormOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("articles"))("editTitle") };
}

export default async function EditArticlePage({ params }: { params: Promise<{ articleId: string }> }) {
  await requireBackOffice(null);
  const parsed = idParams("articleId").safeParse(await params);
  if (!parsed.success) notFound();
  const [article, options, t, locale] = await Promise.all([
    getArticleOrThrow(parsed.data.articleId).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) notFound();
      throw err;
    }),
    loadArticleFormOptions(),
    getTranslations("articles"),
    getLocale(),
  ]);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("editTitle")}</h1>
        <p className="text-sm text-stone-600" data-testid="article-heading-name">
          {t(`type.${article.type}`)} · {localized(shopLocale(locale), article.name, article.nameDe)}
          {article.articleNumber && <span className="ml-2 font-mono text-xs text-stone-500">{article.articleNumber}</span>}
        </p>
      </div>
      <ArticleForm key={article.id} type={article.type} article={article} options={options} />
    </section>
  );
}
