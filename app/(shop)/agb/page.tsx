import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { seller } from "@/lib/seller";
import { Terms } from "@/components/shop/legal/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("terms.title") };
}

export default function TermsPage() {
  return <Terms seller={seller()} />;
}
