import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";

export default async function AdminHome() {
  const [session, t] = await Promise.all([requireRoles(["admin"]), getTranslations("admin.dashboard")]);
  const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email;
  return (
    <section className="card">
      <h1 className="mb-2 text-2xl font-semibold">{t("welcome", { name })}</h1>
      <p className="text-stone-600">{t("intro")}</p>
    </section>
  );
}
