import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function LinkInvalid({ reason }: { reason: "invalid" | "tooMany" }) {
  const t = await getTranslations("orderStatus");
  return (
    <section
      className="card mx-auto max-w-xl space-y-4 text-center"
      data-testid="order-link-invalid"
      aria-labelledby="order-link-invalid-title"
    >
      <h1 id="order-link-invalid-title" className="text-2xl font-semibold">
        {reason === "tooMany" ? t("tooManyTitle") : t("invalidTitle")}
      </h1>
      <p className="text-stone-700">{reason === "tooMany" ? t("tooManyText") : t("invalidText")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link href="/login?callbackUrl=%2Forders" className="btn-primary">
          {t("signIn")}
        </Link>
        <Link href="/" className="btn-secondary">
          {t("toShop")}
        </Link>
      </div>
    </section>
  );
}
