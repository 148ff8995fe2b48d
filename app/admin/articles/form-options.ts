import "server-only";
import { getLocale } from "next-intl/server";
import { shopLocale } from "@/lib/i18n/config";
import { listArticleCategories } from "@/lib/services/article-categories";
import { listSupplierOptions } from "@/lib/services/suppliers";
import { listVatRates } from "@/lib/services/vat";
import type { ArticleFormOptions } from "@/components/admin/articles/types";

export async function loadArticleFormOptions(): Promise<ArticleFormOptions> {
  const locale = await getLocale();
  const [categories, suppliers, vatRates] = await Promise.all([
    listArticleCategories(shopLocale(locale)),
    listSupplierOptions(),
    listVatRates(),
  ]);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      subcategories: c.subcategories.map((s) => ({ id: s.id, name: s.name })),
    })),
    suppliers,
    vatRates: vatRates.map((r) => ({ id: r.id, name: r.name, percent: r.percent, isDefault: r.isDefault })),
  };
}
