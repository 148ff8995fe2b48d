import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { ARTICLES_PATH } from "./paths";

export async function ArticleTypeTabs({ type, searchParams }: { type: "MUG" | "SHIRT" | undefined; searchParams: SearchParamsRecord }) {
  const t = await getTranslations("articles.list");
  const tabs = [
    { value: undefined, label: t("all") },
    { value: "MUG" as const, label: t("mugs") },
    { value: "SHIRT" as const, label: t("shirts") },
  ];
  return (
    <nav
      aria-label={t("typeFilter")}
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-stone-200 px-1"
      data-testid="article-type-filter"
    >
      {tabs.map((tab) => {
        const current = tab.value === type;
        return (
          <Link
            key={tab.label}
            href={hrefWith(ARTICLES_PATH, searchParams, { type: tab.value ?? null })}
            aria-current={current ? "page" : undefined}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm ${current ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-stone-600 hover:text-stone-900"}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
