import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadSeller } from "@/lib/services/seller-settings";
import { Imprint } from "@/components/shop/legal/imprint";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("imprint.title") };
}

export default async function ImprintPage() {
  return <Imprint seller={await loadSeller()} />;
}
