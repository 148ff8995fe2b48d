import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { LOGO_BYTE_LIMIT } from "@/lib/integrations/images/logo";
import { getBrandSettings } from "@/lib/services/brand";
import { BrandForm } from "@/components/admin/settings/brand-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("brand"))("title") };
}

export default async function BrandPage() {
  await requireBackOffice(null);
  const [t, brand] = await Promise.all([getTranslations("brand"), getBrandSettings()]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="max-w-2xl text-stone-700">{t("intro")}</p>
      <BrandForm brand={brand} logoMaxMb={Math.round(LOGO_BYTE_LIMIT / (1024 * 1024))} />
    </section>
  );
}
