import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { getVatRateOrThrow } from "@/lib/services/vat";
import { idParams } from "@/lib/schemas/common";
import { ApiError } from "@/lib/errors";
import { VatForm } from "@/components/admin/vat/vat-form";

export default async function EditVatPage({ params }: { params: Promise<{ vatId: string }> }) {
  await requireBackOffice(null);
  const parsed = idParams("vatId").safeParse(await params);
  if (!parsed.success) notFound();
  const rate = await getVatRateOrThrow(parsed.data.vatId).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const t = await getTranslations("vat");
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("editTitle")}</h1>
      <VatForm rate={rate} />
    </section>
  );
}
