"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { articleQueries } from "@/lib/api-client/articles";
import type { ArticleDto } from "@/lib/schemas/articles";
import { Tabs, type TabItem } from "@/components/ui/tabs";
import type { ArticleType } from "./article-form-model";
import { invalidTabs } from "./form-errors";
import { useArticleForm } from "./use-article-form";
import { GeneralTab } from "./general-tab";
import { MugDetailsTab } from "./mug-details-tab";
import { PriceTab } from "./price-tab";
import { ShirtDetailsTab } from "./shirt-details-tab";
import { MugVariantsPanel } from "./mug-variants-panel";
import { ShirtVariantsPanel } from "./shirt-variants-panel";
import type { ArticleFormOptions } from "./types";

/** Variants of a saved article are saved one by one from their dialog; those of an unsaved article go with it. */
export function ArticleForm({ type, article, options }: { type: ArticleType; article?: ArticleDto; options: ArticleFormOptions }) {
  const t = useTranslations("articles");
  const tc = useTranslations("common");
  const locale = useLocale();
  const form = useArticleForm(type, locale, article);
  const saved = useQuery({ ...articleQueries.detail(article?.id ?? 0), initialData: article, enabled: !!article });
  const current = saved.data ?? article;
  const invalid = invalidTabs(form.errors);

  const items: (TabItem & { show: boolean })[] = [
    { id: "general", label: t("tabs.general"), show: true, content: <GeneralTab form={form} options={options} /> },
    { id: "mug", label: t("tabs.mug"), show: type === "MUG", content: <MugDetailsTab form={form} /> },
    { id: "price", label: t("tabs.price"), show: true, content: <PriceTab form={form} vatRates={options.vatRates} /> },
    { id: "shirt", label: t("tabs.shirt"), show: type === "SHIRT", content: <ShirtDetailsTab form={form} /> },
    {
      id: "variants",
      label: t("tabs.variants"),
      show: true,
      content:
        type === "MUG" ? (
          <MugVariantsPanel articleId={current?.id ?? null} saved={current?.mugVariants ?? []} form={form} />
        ) : (
          <ShirtVariantsPanel articleId={current?.id ?? null} saved={current?.shirtVariants ?? []} form={form} />
        ),
    },
  ];

  return (
    <form onSubmit={form.onSubmit} noValidate className="space-y-4" data-testid="article-form" data-type={type}>
      <div className="rounded-lg border border-stone-200 bg-white px-3 pb-6 pt-2 shadow-sm sm:px-6">
        <Tabs
          label={t("tabs.label")}
          active={form.tab}
          onChange={(id) => form.setTab(id as typeof form.tab)}
          items={items.filter((i) => i.show).map((i) => ({ ...i, invalid: invalid.has(i.id as typeof form.tab) }))}
        />
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <button type="submit" className="btn-primary" disabled={form.save.isPending} data-testid="article-save">
          {form.save.isPending ? tc("saving") : tc("save")}
        </button>
        <Link href="/admin/articles" className="btn-secondary">
          {t("backToList")}
        </Link>
        {form.dirty && (
          <span className="text-sm text-amber-700" data-testid="article-dirty">
            {t("unsaved")}
          </span>
        )}
      </div>
    </form>
  );
}
