import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { seller } from "@/lib/seller";
import { Privacy } from "@/components/shop/legal/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("privacy.title") };
}

export default function PrivacyPage() {
  return <Privacy seller={seller()} />;
}
