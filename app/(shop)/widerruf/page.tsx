import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { seller } from "@/lib/seller";
import { Withdrawal } from "@/components/shop/legal/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("withdrawal.title") };
}

export default function WithdrawalPage() {
  return <Withdrawal seller={seller()} />;
}
