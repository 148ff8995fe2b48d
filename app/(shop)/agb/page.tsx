import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadSeller } from "@/lib/services/seller-settings";
import { Terms } from "@/components/shop/legal/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("terms.title") };
}

export default async function TermsPage() {
  return <Terms seller={await loadSeller()} />;
}
