import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { VatForm } from "@/components/admin/vat/vat-form";

export default async function NewVatPage() {
  await requireBackOffice(null);
  const t = await getTranslations("vat");
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("createTitle")}</h1>
      <VatForm />
    </section>
  );
}
