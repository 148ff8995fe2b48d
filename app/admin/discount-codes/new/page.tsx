import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { DiscountCodeForm } from "@/components/admin/discount-codes/discount-code-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("discountCodes"))("createTitle") };
}

export default async function NewDiscountCodePage() {
  await requireBackOffice(null);
  const t = await getTranslations("discountCodes");
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("createTitle")}</h1>
      <DiscountCodeForm />
    </section>
  );
}
