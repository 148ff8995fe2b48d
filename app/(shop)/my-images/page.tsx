import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { AccountPage } from "@/components/shop/account-page";
import { GallerySkeleton, MyImagesGallery } from "@/components/shop/my-images/my-images-gallery";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("myImagesTitle") };
}

// /my-images – the signed-in user's gallery (uploaded, generated and edited images), read in the browser through /api/user/images
export default async function MyImagesPage() {
  await requireRoles(["customer", "guest", "admin"]);
  const [t, tm] = await Promise.all([getTranslations("account"), getTranslations("myImages")]);
  return (
    <AccountPage title={t("myImagesTitle")}>
      {/* useSearchParams (the sort in the URL) needs a Suspense boundary */}
      <Suspense fallback={<GallerySkeleton label={tm("loading")} />}>
        <MyImagesGallery />
      </Suspense>
    </AccountPage>
  );
}
