import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listCountries } from "@/lib/services/catalog";
import { SupplierForm } from "@/components/admin/suppliers/supplier-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("suppliers"))("createTitle") };
}

export default async function NewSupplierPage() {
  await requireBackOffice(null);
  const [locale, t] = await Promise.all([getLocale(), getTranslations("suppliers")]);
  const countries = await listCountries(shopLocale(locale));
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("createTitle")}</h1>
      <SupplierForm countries={countries.map(({ code, name }) => ({ code, name }))} />
    </section>
  );
}
