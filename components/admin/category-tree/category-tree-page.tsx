import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { TreeCategoryDto } from "@/lib/schemas/category-tree";
import { categoryDeletePathOf } from "@/lib/api-client/category-tree";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { CategoryList } from "./category-list";
import { CategoryInlineForm } from "./category-inline-form";
import { formHref, readFormState } from "./paths";
import type { CategoryTreeScreen } from "./screens";

export async function CategoryTreePage({
  screen,
  categories,
  searchParams,
}: {
  screen: CategoryTreeScreen;
  categories: readonly (TreeCategoryDto<"articleCount"> | TreeCategoryDto<"promptCount">)[];
  searchParams: SearchParamsRecord;
}) {
  const t = await getTranslations(screen.namespace);
  const form = readFormState(searchParams);
  const creating = form?.form === "new-category";
  const newCategory = (
    <Link href={formHref(screen.path, { form: "new-category" })} scroll={false} className="btn-primary">
      {t("newCategory")}
    </Link>
  );
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-stone-600">{t("intro")}</p>
        </div>
        {!creating && newCategory}
      </div>
      <DeleteRowHost
        pathTemplate={categoryDeletePathOf(screen.apiBase)}
        title={t("confirmDelete", { name: "{name}" })}
        success={t("deleted", { name: "{name}" })}
      />
      {creating && (
        <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
          <CategoryInlineForm
            key="new-category"
            screen={screen}
            target={{ kind: "category", name: "", description: null }}
            categories={[]}
          />
        </div>
      )}
      {categories.length === 0 ? (
        !creating && (
          <EmptyState message={t("empty")} testId="category-empty">
            {newCategory}
          </EmptyState>
        )
      ) : (
        <CategoryList screen={screen} categories={categories} form={form} />
      )}
    </section>
  );
}
