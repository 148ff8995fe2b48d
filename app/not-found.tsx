import Link from "next/link";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { LinkInvalid } from "@/components/shop/order-status/link-invalid";
import { SiteFooter } from "@/components/shop/site-footer";
import { loadShopName } from "@/lib/services/brand";

export default async function NotFound() {
  // proxy.ts answers a broken order link with this page: it explains the link instead.
  if ((await headers()).get("x-pathname")?.startsWith("/order-status/")) {
    return (
      <>
        <main className="px-4 py-16">
          <LinkInvalid reason="invalid" />
        </main>
        <SiteFooter shopName={await loadShopName()} />
      </>
    );
  }
  const t = await getTranslations("notFound");
  return (
    <>
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Link href="/" className="btn-primary">
          {t("back")}
        </Link>
      </main>
      <SiteFooter shopName={await loadShopName()} />
    </>
  );
}
