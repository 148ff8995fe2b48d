import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { getSellerSettings } from "@/lib/services/orders/invoicing/seller-settings";
import { invoicesNeedSeller } from "@/lib/services/seller-settings";
import { SellerForm } from "@/components/admin/settings/seller-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings"))("title") };
}

export default async function SettingsPage() {
  await requireBackOffice(null);
  const [t, settings] = await Promise.all([getTranslations("settings"), getSellerSettings()]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="max-w-2xl text-stone-700">{t("intro")}</p>
      <SellerForm settings={settings} strict={invoicesNeedSeller()} />
    </section>
  );
}
