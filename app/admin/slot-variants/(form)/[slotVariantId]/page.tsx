import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { ApiError } from "@/lib/errors";
import { shopLocale } from "@/lib/i18n/config";
import { idParams } from "@/lib/schemas/common";
import { getSlotVariantOrThrow } from "@/lib/services/slots";
import { SlotVariantForm } from "@/components/admin/slots/slot-variant-form";
import { slotVariantFormOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("slots"))("editVariant") };
}

export default async function EditSlotVariantPage({ params }: { params: Promise<{ slotVariantId: string }> }) {
  await requireBackOffice(null);
  const parsed = idParams("slotVariantId").safeParse(await params);
  if (!parsed.success) notFound();
  const locale = await getLocale();
  const variant = await getSlotVariantOrThrow(parsed.data.slotVariantId, shopLocale(locale)).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const [options, t] = await Promise.all([slotVariantFormOptions(variant.llm.id), getTranslations("slots")]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("editVariant")}</h1>
      <SlotVariantForm variant={variant} slotTypes={options.slotTypes} llms={options.llms} />
    </section>
  );
}
