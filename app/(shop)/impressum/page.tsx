import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { seller } from "@/lib/seller";
import { Imprint } from "@/components/shop/legal/imprint";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("imprint.title") };
}

export default function ImprintPage() {
  return <Imprint seller={seller()} />;
}
