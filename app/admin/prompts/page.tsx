import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listPromptsQuery, type ListPromptsQuery } from "@/lib/schemas/prompts";
import { listPrompts } from "@/lib/services/prompts";
import { listPromptCategories } from "@/lib/services/prompt-categories";
import type { ListFilter } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery, redirectPastLastPage } from "@/components/ui/list/list-query";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { ArchivedSwitch } from "@/components/admin/prompts/archived-switch";
import { PromptTable } from "@/components/admin/prompts/prompt-table";
import { PROMPTS_PATH } from "@/components/admin/prompts/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("prompts"))("title") };
}

export default async function PromptsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, rawLocale, t] = await Promise.all([searchParams, getLocale(), getTranslations("prompts")]);
  const categories = await listPromptCategories(shopLocale(rawLocale));
  const parsed = readListQuery(listPromptsQuery, params);
  // A subcategory filter counts only inside the chosen category (changing the category leaves a stale one in the URL).
  const category = categories.find((c) => c.id === parsed.categoryId);
  const subcategoryOk = parsed.subcategoryId !== undefined && !!category?.subcategories.some((s) => s.id === parsed.subcategoryId);
  const query: ListPromptsQuery = { ...parsed, subcategoryId: subcategoryOk ? parsed.subcategoryId : undefined };
  const result = await listPrompts(query);
  redirectPastLastPage(PROMPTS_PATH, params, result);

  const filtered = query.categoryId !== undefined || query.subcategoryId !== undefined || query.archived !== "false" || !!query.q;
  const filters: ListFilter[] = [
    {
      param: "categoryId",
      label: t("list.category"),
      allLabel: t("list.allCategories"),
      options: categories.map((c) => ({ value: String(c.id), label: c.name })),
    },
  ];
  if (category && category.subcategories.length > 0) {
    filters.push({
      param: "subcategoryId",
      label: t("list.subcategory"),
      allLabel: t("list.allSubcategories"),
      options: category.subcategories.map((s) => ({ value: String(s.id), label: s.name })),
    });
  }
  const sorts = ["-title", "promptNumber", "-promptNumber", "-updatedAt", "updatedAt", "-createdAt", "createdAt"] as const;

  return (
    <ListPage
      title={t("title")}
      basePath={PROMPTS_PATH}
      testIdPrefix="prompt"
      newItem={{ href: `${PROMPTS_PATH}/new`, label: t("new"), testId: "new-prompt" }}
      emptyMessage={t("empty")}
      emptyHint={t("emptyHint")}
      filtered={filtered}
      deleteRow={{
        pathTemplate: "/admin/prompts/{id}",
        title: t("confirmDelete", { name: "{name}" }),
        success: t("deleted", { name: "{name}" }),
        archived: t("archivedInstead", { name: "{name}" }),
      }}
      toolbar={{
        searchLabel: t("list.search"),
        filters,
        sort: {
          label: t("list.sortLabel"),
          defaultLabel: t("list.sort.title"),
          options: sorts.map((value) => ({ value, label: t(`list.sort.${value}`) })),
        },
      }}
      table={<PromptTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ searchParams: params, ...result }}
    >
      <ArchivedSwitch archived={query.archived} searchParams={params} />
    </ListPage>
  );
}
