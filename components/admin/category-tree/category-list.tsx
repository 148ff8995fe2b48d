import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { localized } from "@/lib/i18n/localized";
import type { Locale } from "@/lib/i18n/config";
import type { TreeCategoryDto, TreeSubcategoryDto } from "@/lib/schemas/category-tree";
import { subcategoryDeletePathOf } from "@/lib/api-client/category-tree";
import type { SelectOption } from "@/components/ui/form-field";
import { CategoryInlineForm } from "./category-inline-form";
import { formHref, type FormState } from "./paths";
import type { CategoryTreeScreen } from "./screens";

type Category = TreeCategoryDto<"articleCount"> | TreeCategoryDto<"promptCount">;
type Subcategory = TreeSubcategoryDto<"articleCount"> | TreeSubcategoryDto<"promptCount">;

const childCount = (row: Category | Subcategory): number => ("articleCount" in row ? row.articleCount : row.promptCount);

async function countFormatter(screen: CategoryTreeScreen): Promise<(row: Category | Subcategory) => string> {
  if (screen.kind === "article") {
    const t = await getTranslations("articleCategories");
    return (row) => t("articleCount", { count: childCount(row) });
  }
  const t = await getTranslations("promptCategories");
  return (row) => t("promptCount", { count: childCount(row) });
}

export async function CategoryList({
  screen,
  categories,
  form,
}: {
  screen: CategoryTreeScreen;
  categories: readonly Category[];
  form: FormState | null;
}) {
  const [t, tc, tg, countOf, locale] = await Promise.all([
    getTranslations(screen.namespace),
    getTranslations("common"),
    getTranslations("promptCategories"),
    countFormatter(screen),
    getLocale() as Promise<Locale>,
  ]);
  /** The admin's language first: the German admin reads the German name, falling back to the English. */
  const nameOf = (row: Category | Subcategory) => localized(locale, row.name, row.nameDe);
  const germanOf = (row: Category | Subcategory) =>
    screen.german ? { nameDe: row.nameDe ?? null, descriptionDe: row.descriptionDe ?? null } : {};
  /** Under the name: the other language's name, or that the German one is missing (English is shown instead). */
  const otherName = (row: Category | Subcategory) =>
    screen.german && (
      <p className="text-sm text-stone-600 [overflow-wrap:anywhere]" data-testid="german-name">
        {!row.nameDe?.trim() ? (
          <span className="text-stone-500 italic">{tg("noGermanName")}</span>
        ) : locale === "de" ? (
          <>
            <span className="text-stone-500">{tg("englishLabel")} </span>
            <span lang="en">{row.name}</span>
          </>
        ) : (
          <>
            <span className="text-stone-500">{tg("germanLabel")} </span>
            <span lang="de">{row.nameDe}</span>
          </>
        )}
      </p>
    );
  const options: SelectOption[] = categories.map((c) => ({ value: String(c.id), label: nameOf(c) }));
  const editing = (kind: FormState["form"], id: number) => form !== null && form.form === kind && "id" in form && form.id === id;
  const href = (state: FormState) => formHref(screen.path, state);

  function subcategoryRow(s: Subcategory) {
    if (editing("edit-subcategory", s.id)) {
      return (
        <li key={s.id} className="py-3">
          <CategoryInlineForm
            key={`sub-${s.id}`}
            screen={screen}
            target={{ kind: "subcategory", id: s.id, categoryId: s.categoryId, name: s.name, description: s.description, ...germanOf(s) }}
            categories={options}
          />
        </li>
      );
    }
    return (
      <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid={`subcategory-row-${s.id}`}>
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-medium [overflow-wrap:anywhere]">{nameOf(s)}</p>
          {otherName(s)}
          {s.description && <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{s.description}</p>}
          <p className="text-xs text-stone-500">{countOf(s)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            href={href({ form: "edit-subcategory", id: s.id })}
            scroll={false}
            className="btn-secondary"
            aria-label={t("editNamed", { name: nameOf(s) })}
          >
            {tc("edit")}
          </Link>
          <button
            type="button"
            className="btn-danger"
            aria-label={t("deleteNamed", { name: nameOf(s) })}
            data-row-action="delete"
            data-row-id={s.id}
            data-row-label={nameOf(s)}
            data-row-path={subcategoryDeletePathOf(screen.apiBase, s.id)}
          >
            {tc("delete")}
          </button>
        </div>
      </li>
    );
  }

  return (
    <ul className="space-y-4" data-testid="category-list">
      {categories.map((c) => (
        <li key={c.id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5" data-testid={`category-${c.id}`}>
          {editing("edit-category", c.id) ? (
            <CategoryInlineForm
              key={`cat-${c.id}`}
              screen={screen}
              target={{ kind: "category", id: c.id, name: c.name, description: c.description, ...germanOf(c) }}
              categories={options}
            />
          ) : (
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1 basis-56">
                <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{nameOf(c)}</h2>
                {otherName(c)}
                {c.description && <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{c.description}</p>}
                <p className="text-xs text-stone-500">
                  {countOf(c)} · {t("subcategoryCount", { count: c.subcategoryCount })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link
                  href={href({ form: "edit-category", id: c.id })}
                  scroll={false}
                  className="btn-secondary"
                  aria-label={t("editNamed", { name: nameOf(c) })}
                >
                  {tc("edit")}
                </Link>
                <button
                  type="button"
                  className="btn-danger"
                  aria-label={t("deleteNamed", { name: nameOf(c) })}
                  data-row-action="delete"
                  data-row-id={c.id}
                  data-row-label={nameOf(c)}
                >
                  {tc("delete")}
                </button>
              </div>
            </div>
          )}
          <div className="mt-3 border-t border-stone-100 pl-3 sm:pl-6">
            {c.subcategories.length === 0 && !editing("new-subcategory", c.id) ? (
              <p className="pt-3 text-sm text-stone-500">{t("noSubcategories")}</p>
            ) : (
              <ul className="divide-y divide-stone-100" aria-label={t("subcategories", { name: nameOf(c) })}>
                {c.subcategories.map((s: Subcategory) => subcategoryRow(s))}
              </ul>
            )}
            {editing("new-subcategory", c.id) ? (
              <div className="pt-3">
                <CategoryInlineForm
                  key={`new-sub-${c.id}`}
                  screen={screen}
                  target={{ kind: "subcategory", categoryId: c.id, name: "", description: null }}
                  categories={options}
                />
              </div>
            ) : (
              // Below the subcategories, where the new one's form opens (the header's buttons then fit one line on phones).
              <Link
                href={href({ form: "new-subcategory", id: c.id })}
                scroll={false}
                className="btn-secondary mt-3"
                aria-label={t("addSubcategoryTo", { name: nameOf(c) })}
              >
                <span aria-hidden>+</span>
                {t("addSubcategory")}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
