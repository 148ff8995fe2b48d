import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { firstParam, type SearchParamsRecord } from "@/components/ui/list/href";
import { SlotVariantForm } from "@/components/admin/slots/slot-variant-form";
import { slotVariantFormOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("slots"))("newVariant") };
}

export default async function NewSlotVariantPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  await requireBackOffice(null);
  const [params, options, t] = await Promise.all([searchParams, slotVariantFormOptions(), getTranslations("slots")]);
  const typeId = Number(firstParam(params.typeId));
  const initialTypeId = options.slotTypes.some((o) => o.value === String(typeId)) ? typeId : undefined;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("newVariant")}</h1>
      <SlotVariantForm slotTypes={options.slotTypes} llms={options.llms} initialTypeId={initialTypeId} />
    </section>
  );
}
