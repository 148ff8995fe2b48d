import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { VatForm } from "@/components/admin/vat/vat-form";

export default async function NewVatPage() {
  await requireRoles(["admin"]);
  const t = await getTranslations("vat");
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("createTitle")}</h1>
      <VatForm />
    </section>
  );
}
