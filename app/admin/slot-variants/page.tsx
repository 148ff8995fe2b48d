import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listSlotVariantsQuery, type ListSlotVariantsQuery } from "@/lib/schemas/prompts";
import { listSlotTypes, listSlotVariants } from "@/lib/services/slots";
import { slotVariantDeletePath } from "@/lib/api-client/slots";
import { ListToolbar } from "@/components/ui/list/list-toolbar";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import { firstParam, type SearchParamsRecord } from "@/components/ui/list/href";
import { EmptyState } from "@/components/ui/query-state";
import { SlotVariantTable } from "@/components/admin/slots/slot-variant-table";
import { SLOT_TYPES_PATH, SLOT_VARIANTS_PATH } from "@/components/admin/slots/paths";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("slots"))("variantsTitle") };
}

/** The list state from the URL; a value that does not parse (a hand-edited URL) is ignored. */
function readQuery(searchParams: SearchParamsRecord): ListSlotVariantsQuery {
  const raw = { typeId: firstParam(searchParams.typeId), q: firstParam(searchParams.q) };
  const parsed = listSlotVariantsQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return listSlotVariantsQuery.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

/** Slot variants (spec section 2): filter by slot type, search, thumbnails, created date; one shared delete dialog. */
export default async function SlotVariantsPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireRoles(["admin"]);
  const [params, locale, t, tl] = await Promise.all([searchParams, getLocale(), getTranslations("slots"), getTranslations("list")]);
  const query = readQuery(params);
  const [types, items] = await Promise.all([listSlotTypes(), listSlotVariants(query, shopLocale(locale))]);
  const newHref = query.typeId ? `${SLOT_VARIANTS_PATH}/new?typeId=${query.typeId}` : `${SLOT_VARIANTS_PATH}/new`;
  const filtered = query.typeId !== undefined || query.q !== undefined;
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("variantsTitle")}</h1>
          <p className="text-sm text-stone-600">{t("variantsIntro")}</p>
        </div>
        {types.length > 0 && (
          <Link href={newHref} className="btn-primary">
            {t("newVariant")}
          </Link>
        )}
      </div>
      <DeleteRowHost
        pathTemplate={slotVariantDeletePath}
        title={t("confirmDeleteVariant", { name: "{name}" })}
        success={t("variantDeleted", { name: "{name}" })}
      />
      <ListToolbar
        searchLabel={t("searchLabel")}
        filters={[
          {
            param: "typeId",
            label: t("slotType"),
            allLabel: t("allTypes"),
            options: types.map((x) => ({ value: String(x.id), label: x.name })),
          },
        ]}
      />
      {types.length === 0 ? (
        <EmptyState message={t("needTypeFirst")} testId="slot-variant-no-types">
          <Link href={SLOT_TYPES_PATH} className="btn-primary">
            {t("typesTitle")}
          </Link>
        </EmptyState>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState message={tl("noResults")} testId="slot-variant-no-results">
            <Link href={SLOT_VARIANTS_PATH} className="btn-secondary">
              {tl("resetFilters")}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState message={t("variantsEmpty")} testId="slot-variant-empty">
            <Link href={newHref} className="btn-primary">
              {t("newVariant")}
            </Link>
          </EmptyState>
        )
      ) : (
        <>
          <SlotVariantTable items={items} />
          <p className="text-sm text-stone-600" data-testid="slot-variant-count">
            {t("variantTotal", { count: items.length })}
          </p>
        </>
      )}
    </section>
  );
}
