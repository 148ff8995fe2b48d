import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadSeller } from "@/lib/services/seller-settings";
import { Withdrawal } from "@/components/shop/legal/legal-pages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("legal"))("withdrawal.title") };
}

export default async function WithdrawalPage() {
  return <Withdrawal seller={await loadSeller()} />;
}
