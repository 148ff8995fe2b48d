import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { seller } from "@/lib/seller";
import { Imprint } from "@/components/shop/legal/imprint";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("imprint.title") };
}

// /impressum – Impressum (§ 5 DDG) from the seller's SELLER_* settings (public; unset values as marked placeholders)
export default function ImprintPage() {
  return <Imprint seller={seller()} />;
}
