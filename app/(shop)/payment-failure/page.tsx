import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payment"))("failureTitle") };
}

// /payment-failure?orderId=… – a generic message with retry, view cart, continue shopping and contact support (no guard: nothing personal shown)
export default async function PaymentFailurePage({ searchParams }: { searchParams: Promise<{ orderId?: string | string[] }> }) {
  const [t, { orderId }] = await Promise.all([getTranslations("payment"), searchParams]);
  const id = typeof orderId === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(orderId) ? orderId : null;
  const retryHref = id ? `/checkout?orderId=${encodeURIComponent(id)}` : "/checkout";
  const support = `mailto:${t("supportEmail")}?subject=${encodeURIComponent(id ? t("supportSubjectOrder", { orderId: id }) : t("supportSubject"))}`;
  return (
    <section className="mx-auto max-w-xl space-y-6" data-testid="payment-failure">
      <div className="card space-y-3 border-red-200" role="alert">
        <h1 className="text-2xl font-semibold text-red-800">{t("failureTitle")}</h1>
        <p className="text-stone-700">{t("failureText")}</p>
      </div>
      <nav aria-label={t("failureOptions")} className="flex flex-wrap gap-2">
        <Link href={retryHref} className="btn-primary">
          {t("retry")}
        </Link>
        <Link href="/cart" className="btn-secondary">
          {t("viewCart")}
        </Link>
        <Link href="/" className="btn-secondary">
          {t("continueShopping")}
        </Link>
        <a href={support} className="btn-secondary">
          {t("contactSupport")}
        </a>
      </nav>
    </section>
  );
}
