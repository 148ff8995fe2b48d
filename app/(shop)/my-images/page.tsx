import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("myImagesTitle") };
}

// The gallery itself arrives with image uploads and generation; until then no customer image can exist.
export default async function MyImagesPage() {
  await requireRoles(["customer", "guest", "admin"]);
  const t = await getTranslations("account");
  return (
    <AccountPage title={t("myImagesTitle")}>
      <p className="card text-stone-600">{t("noImages")}</p>
    </AccountPage>
  );
}
