import { Suspense } from "react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { userImageQueries } from "@/lib/api-client/user-images";
import { sortFromUrl } from "@/lib/schemas/user-image-sorting";
import { listUserImages } from "@/lib/services/images";
import { AccountPage } from "@/components/shop/account-page";
import { Prefetched } from "@/components/prefetched";
import { GallerySkeleton, MyImagesGallery } from "@/components/shop/my-images/my-images-gallery";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("myImagesTitle") };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function MyImagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireRoles(["customer", "guest", "admin"]);
  const [t, tm, params] = await Promise.all([getTranslations("account"), getTranslations("myImages"), searchParams]);
  // Like URLSearchParams.get: the first value of a repeated parameter.
  const query = sortFromUrl({ get: (name) => [params[name]].flat()[0] ?? null });
  const images = await listUserImages(session, query);
  return (
    <AccountPage title={t("myImagesTitle")}>
      <Prefetched data={[[userImageQueries.list(query).queryKey, images]]}>
        {/* useSearchParams needs a Suspense boundary */}
        <Suspense fallback={<GallerySkeleton label={tm("loading")} />}>
          <MyImagesGallery />
        </Suspense>
      </Prefetched>
    </AccountPage>
  );
}
