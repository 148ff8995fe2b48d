import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listPromptsQuery, type ListPromptsQuery } from "@/lib/schemas/prompts";
import { listPrompts } from "@/lib/services/prompts";
import { listPromptCategories } from "@/lib/services/prompt-categories";
import { ListToolbar, type ListFilter } from "@/components/ui/list/list-toolbar";
import { Pagination } from "@/components/ui/list/pagination";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import { firstParam, hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { ArchivedSwitch } from "@/components/admin/prompts/archived-switch";
import { PromptTable } from "@/components/admin/prompts/prompt-table";
import { PROMPTS_PATH } from "@/components/admin/prompts/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("prompts"))("title") };
}

const KEYS = ["categoryId", "subcategoryId", "archived", "q", "sort", "page", "pageSize"] as const;

/** The list state from the URL; a value that does not parse (a hand-edited URL) falls back to its default. */
function readQuery(searchParams: SearchParamsRecord): ListPromptsQuery {
  const raw = Object.fromEntries(KEYS.map((key) => [key, firstParam(searchParams[key])]));
  const parsed = listPromptsQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return listPromptsQuery.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

export default async function PromptsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, rawLocale, t, tl] = await Promise.all([searchParams, getLocale(), getTranslations("prompts"), getTranslations("list")]);
  const categories = await listPromptCategories(shopLocale(rawLocale));
  const parsed = readQuery(params);
  // A subcategory filter counts only inside the chosen category (changing the category leaves a stale one in the URL).
  const category = categories.find((c) => c.id === parsed.categoryId);
  const subcategoryOk = parsed.subcategoryId !== undefined && !!category?.subcategories.some((s) => s.id === parsed.subcategoryId);
  const query: ListPromptsQuery = { ...parsed, subcategoryId: subcategoryOk ? parsed.subcategoryId : undefined };
  const result = await listPrompts(query);
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  // After deleting the last row of the last page, or from a stale link: show the last page that has rows.
  if (result.items.length === 0 && query.page > lastPage) redirect(hrefWith(PROMPTS_PATH, params, { page: lastPage }));

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
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Link href={`${PROMPTS_PATH}/new`} className="btn-primary" data-testid="new-prompt">
          {t("new")}
        </Link>
      </div>
      <DeleteRowHost
        pathTemplate="/admin/prompts/{id}"
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deleted", { name: "{name}" })}
        archived={t("archivedInstead", { name: "{name}" })}
      />
      <ArchivedSwitch archived={query.archived} searchParams={params} />
      <ListToolbar searchLabel={t("list.search")} filters={filters} />
      {result.total === 0 ? (
        filtered ? (
          <EmptyState message={tl("noResults")} testId="prompt-no-results">
            <Link href={PROMPTS_PATH} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState message={t("empty")} testId="prompt-empty">
            <p className="text-sm text-stone-500">{t("emptyHint")}</p>
          </EmptyState>
        )
      ) : (
        <>
          <PromptTable items={result.items} sort={query.sort} searchParams={params} />
          <Pagination basePath={PROMPTS_PATH} searchParams={params} page={result.page} pageSize={result.pageSize} total={result.total} />
        </>
      )}
    </section>
  );
}
