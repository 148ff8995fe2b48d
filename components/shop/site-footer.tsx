import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LEGAL_PATHS, SHIPPING_PATH, type LegalPage } from "@/components/shop/legal/legal-paths";

const ORDER: LegalPage[] = ["imprint", "terms", "privacy", "withdrawal"];

export async function SiteFooter({ shopName }: { shopName: string }) {
  const t = await getTranslations("footer");
  return (
    <footer className="border-t border-stone-200 bg-white" data-testid="site-footer">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 text-sm text-stone-600">
        <span>
          <span className="font-semibold text-stone-800">{shopName}</span> · {t("tagline")}
        </span>
        <nav aria-label={t("label")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {ORDER.map((page) => (
              <li key={page}>
                <Link href={LEGAL_PATHS[page]} className="foot-link">
                  {t(page)}
                </Link>
              </li>
            ))}
            <li>
              <Link href={SHIPPING_PATH} className="foot-link">
                {t("shipping")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
