import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { requireBackOffice } from "@/lib/auth/guard";
import { listVatRates } from "@/lib/services/vat";
import { getTaxSettings } from "@/lib/services/tax-settings";
import { ListPage } from "@/components/ui/list/list-page";
import { VatTable } from "@/components/admin/vat/vat-table";
import { VatRowActions } from "@/components/admin/vat/vat-row-actions";
import { ChooseDefaultVat } from "@/components/admin/vat/choose-default-vat";
import { OssSwitch } from "@/components/admin/vat/oss-switch";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vat"))("title") };
}

export default async function VatListPage() {
  await requireBackOffice(null);
  const [t, stored, locale, tax] = await Promise.all([getTranslations("vat"), listVatRates(), getLocale(), getTaxSettings()]);
  // The German admin reads the German name (the form edits both).
  const rates = stored.map((r) => ({ ...r, name: localized(shopLocale(locale), r.name, r.nameDe) }));
  const hasDefault = rates.some((r) => r.isDefault);
  return (
    <ListPage
      title={t("title")}
      basePath="/admin/vat"
      testIdPrefix="vat"
      newItem={{ href: "/admin/vat/new", label: t("new") }}
      count={rates.length}
      empty={<p className="card text-stone-600">{t("empty")}</p>}
      table={
        <VatTable rates={rates.map(({ id, name, percent, description, isDefault }) => ({ id, name, percent, description, isDefault }))} />
      }
    >
      {!hasDefault && rates.length > 0 && <ChooseDefaultVat rates={rates} />}
      <VatRowActions />
      <OssSwitch ossEnabled={tax.ossEnabled} />
    </ListPage>
  );
}
