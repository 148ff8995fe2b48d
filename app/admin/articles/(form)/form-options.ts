import "server-only";
import { getLocale } from "next-intl/server";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { listArticleCategories } from "@/lib/services/article-categories";
import { listSupplierOptions } from "@/lib/services/suppliers";
import { listVatRates } from "@/lib/services/vat";
import type { ArticleFormOptions } from "@/components/admin/articles/types";

export async function loadArticleFormOptions(): Promise<ArticleFormOptions> {
  const locale = shopLocale(await getLocale());
  const [categories, suppliers, vatRates] = await Promise.all([listArticleCategories(locale), listSupplierOptions(), listVatRates()]);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: localized(locale, c.name, c.nameDe),
      subcategories: c.subcategories.map((s) => ({ id: s.id, name: localized(locale, s.name, s.nameDe) })),
    })),
    suppliers,
    vatRates: vatRates.map((r) => ({ id: r.id, name: localized(locale, r.name, r.nameDe), percent: r.percent, isDefault: r.isDefault })),
  };
}
