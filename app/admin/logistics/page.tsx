import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";

export default async function LogisticsPage() {
  const [, t, tm] = await Promise.all([requireBackOffice("orders"), getTranslations("admin.dashboard"), getTranslations("admin.menu")]);
  return (
    <section className="card">
      <h1 className="mb-2 text-2xl font-semibold">{tm("logistics")}</h1>
      <p className="text-stone-600">{t("comingSoon")}</p>
    </section>
  );
}
