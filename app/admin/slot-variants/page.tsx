import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { listSlotVariantsQuery } from "@/lib/schemas/prompts";
import { listSlotTypes, listSlotVariants } from "@/lib/services/slots";
import { slotVariantDeletePath } from "@/lib/api-client/slots";
import type { SearchParamsRecord } from "@/components/ui/list/href";
import { ListPage } from "@/components/ui/list/list-page";
import { readListQuery } from "@/components/ui/list/list-query";
import { EmptyState } from "@/components/ui/query-state";
import { SlotVariantTable } from "@/components/admin/slots/slot-variant-table";
import { SLOT_TYPES_PATH, SLOT_VARIANTS_PATH } from "@/components/admin/slots/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("slots"))("variantsTitle") };
}

export default async function SlotVariantsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, locale, t] = await Promise.all([searchParams, getLocale(), getTranslations("slots")]);
  const query = readListQuery(listSlotVariantsQuery, params);
  const [types, items] = await Promise.all([listSlotTypes(), listSlotVariants(query, shopLocale(locale))]);
  const newHref = query.typeId ? `${SLOT_VARIANTS_PATH}/new?typeId=${query.typeId}` : `${SLOT_VARIANTS_PATH}/new`;
  const filtered = query.typeId !== undefined || query.q !== undefined;
  return (
    <ListPage
      title={t("variantsTitle")}
      intro={t("variantsIntro")}
      basePath={SLOT_VARIANTS_PATH}
      testIdPrefix="slot-variant"
      newItem={types.length > 0 ? { href: newHref, label: t("newVariant") } : undefined}
      count={items.length}
      filtered={filtered && types.length > 0}
      emptyMessage={t("variantsEmpty")}
      empty={
        types.length === 0 ? (
          <EmptyState message={t("needTypeFirst")} testId="slot-variant-no-types">
            <Link href={SLOT_TYPES_PATH} className="btn-primary">
              {t("typesTitle")}
            </Link>
          </EmptyState>
        ) : undefined
      }
      deleteRow={{
        pathTemplate: slotVariantDeletePath,
        title: t("confirmDeleteVariant", { name: "{name}" }),
        success: t("variantDeleted", { name: "{name}" }),
      }}
      toolbar={{
        searchLabel: t("searchLabel"),
        filters: [
          {
            param: "typeId",
            label: t("slotType"),
            allLabel: t("allTypes"),
            options: types.map((x) => ({ value: String(x.id), label: localized(shopLocale(locale), x.name, x.nameDe) })),
          },
        ],
      }}
      table={<SlotVariantTable items={items} />}
      footer={
        <p className="text-sm text-stone-600" data-testid="slot-variant-count">
          {t("variantTotal", { count: items.length })}
        </p>
      }
    />
  );
}
