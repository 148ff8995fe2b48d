import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { ApiError } from "@/lib/errors";
import { shopLocale } from "@/lib/i18n/config";
import { idParams } from "@/lib/schemas/common";
import { listCountries } from "@/lib/services/catalog";
import { getSupplierOrThrow } from "@/lib/services/suppliers";
import { SupplierForm } from "@/components/admin/suppliers/supplier-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("suppliers"))("editTitle") };
}

export default async function EditSupplierPage({ params }: { params: Promise<{ supplierId: string }> }) {
  await requireBackOffice(null);
  const parsed = idParams("supplierId").safeParse(await params);
  if (!parsed.success) notFound();
  const rawLocale = await getLocale();
  const locale = shopLocale(rawLocale);
  const [supplier, countries, t] = await Promise.all([
    getSupplierOrThrow(parsed.data.supplierId, locale).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) notFound();
      throw err;
    }),
    listCountries(locale),
    getTranslations("suppliers"),
  ]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("editTitle")}</h1>
      <SupplierForm supplier={supplier} countries={countries.map(({ code, name }) => ({ code, name }))} />
    </section>
  );
}
