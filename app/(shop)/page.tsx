import { getTranslations } from "next-intl/server";
import { listPublicMugs, listPublicPrompts } from "@/lib/services/catalog";
import { MugCard } from "@/components/shop/mug-card";

export default async function HomePage() {
  const [t, mugs, prompts] = await Promise.all([getTranslations("home"), listPublicMugs(), listPublicPrompts()]);
  return (
    <div className="space-y-10">
      <section className="space-y-2">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="max-w-2xl text-stone-600">{t("subtitle")}</p>
      </section>
      <section className="space-y-4" aria-labelledby="styles-heading">
        <h2 id="styles-heading" className="text-xl font-semibold">
          {t("stylesTitle")}
        </h2>
        {prompts.length === 0 ? (
          <p className="text-stone-600">{t("noStyles")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {prompts.map((p) => (
              <li key={p.id} className="overflow-hidden rounded-lg border border-stone-200 bg-white" data-testid="style-card">
                {p.exampleImageUrl && (
                  // eslint-disable-next-line @next/next/no-img-element -- catalogue images are served by our own API with long cache headers
                  <img src={p.exampleImageUrl} alt={p.title} width={512} height={512} className="aspect-square w-full object-cover" loading="lazy" />
                )}
                <div className="p-3">
                  <p className="font-medium">{p.title}</p>
                  <p className="text-xs text-stone-500">{p.category.name}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-4" aria-labelledby="mugs-heading">
        <h2 id="mugs-heading" className="text-xl font-semibold">
          {t("mugsTitle")}
        </h2>
        {mugs.length === 0 ? (
          <p className="text-stone-600">{t("noMugs")}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {mugs.map((mug) => (
              <MugCard key={mug.id} mug={mug} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
