import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadSeller } from "@/lib/services/seller-settings";
import { Privacy } from "@/components/shop/legal/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("privacy.title") };
}

export default async function PrivacyPage() {
  return <Privacy seller={await loadSeller()} />;
}
