import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listPromptsQuery, type ListPromptsQuery } from "@/lib/schemas/prompts";
import { listPrompts } from "@/lib/services/prompts";
import { listPromptCategories } from "@/lib/services/prompt-categories";
import { ListToolbar, type ListFilter } from "@/components/ui/list/list-toolbar";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery, redirectPastLastPage } from "@/components/ui/list/list-query";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { ArchivedSwitch } from "@/components/admin/prompts/archived-switch";
import { PromptTable } from "@/components/admin/prompts/prompt-table";
import { PROMPTS_PATH } from "@/components/admin/prompts/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("prompts"))("title") };
}

export default async function PromptsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
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
  const sortOptions = (["-title", "promptNumber", "-promptNumber", "-updatedAt", "updatedAt", "-createdAt", "createdAt"] as const).map(
    (value) => ({
      value,
      label: t(`list.sort.${value}`),
    }),
  );
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
  filters.push({ param: "sort", label: t("list.sortLabel"), allLabel: t("list.sort.title"), options: sortOptions });

  return (
    <ListPage
      title={t("title")}
      actions={
        <Link href={`${PROMPTS_PATH}/new`} className="btn-primary" data-testid="new-prompt">
          {t("new")}
        </Link>
      }
      count={result.total}
      filtered={filtered}
      resetHref={PROMPTS_PATH}
      testIdPrefix="prompt"
      empty={
        <EmptyState message={t("empty")} testId="prompt-empty">
          <p className="text-sm text-stone-500">{t("emptyHint")}</p>
        </EmptyState>
      }
      table={<PromptTable items={result.items} sort={query.sort} searchParams={params} />}
      paging={{ basePath: PROMPTS_PATH, searchParams: params, ...result }}
    >
      <DeleteRowHost
        pathTemplate="/admin/prompts/{id}"
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deleted", { name: "{name}" })}
        archived={t("archivedInstead", { name: "{name}" })}
      />
      <ArchivedSwitch archived={query.archived} searchParams={params} />
      <ListToolbar searchLabel={t("list.search")} filters={filters} />
    </ListPage>
  );
}
