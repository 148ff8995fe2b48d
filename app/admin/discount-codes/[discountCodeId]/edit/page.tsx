import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { ApiError } from "@/lib/errors";
import { idParams } from "@/lib/schemas/common";
import { getDiscountCodeOrThrow } from "@/lib/services/discounts";
import { DiscountCodeForm } from "@/components/admin/discount-codes/discount-code-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("discountCodes"))("editTitle") };
}

export default async function EditDiscountCodePage({ params }: { params: Promise<{ discountCodeId: string }> }) {
  await requireBackOffice(null);
  const parsed = idParams("discountCodeId").safeParse(await params);
  if (!parsed.success) notFound();
  const [code, t] = await Promise.all([
    getDiscountCodeOrThrow(parsed.data.discountCodeId).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) notFound();
      throw err;
    }),
    getTranslations("discountCodes"),
  ]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("editTitle")}</h1>
      <DiscountCodeForm code={code} />
    </section>
  );
}
