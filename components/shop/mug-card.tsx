import { getLocale, getTranslations } from "next-intl/server";
import type { MugDto } from "@/lib/schemas/catalog";
import { formatEuro, formatNumber } from "@/lib/format";

export async function MugCard({ mug }: { mug: MugDto }) {
  const [t, locale] = await Promise.all([getTranslations("home"), getLocale()]);
  const preview = mug.variants.find((v) => v.isDefault) ?? mug.variants[0];
  return (
    <article className="card flex flex-col gap-3" data-testid={`mug-${mug.id}`}>
      {preview?.exampleImageUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- catalogue images are served by our own API with long cache headers
        <img src={preview.exampleImageUrl} alt={`${mug.name} – ${preview.name}`} width={512} height={512} className="aspect-square w-full rounded-md object-cover" loading="lazy" />
      )}
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">{mug.name}</h3>
        <span className="font-semibold text-brand-700">{formatEuro(mug.price.priceCents, locale)}</span>
      </div>
      {mug.shortDescription && <p className="text-sm text-stone-600">{mug.shortDescription}</p>}
      <p className="text-sm text-stone-600">
        {t("capacity", { ml: mug.fillingQuantityMl })} · {t("dimensions", { diameter: formatNumber(mug.diameterMm, locale), height: formatNumber(mug.heightMm, locale) })}
        {mug.dishwasherSafe && <> · {t("dishwasherSafe")}</>}
      </p>
      {mug.variants.length > 0 && (
        <div className="flex items-center gap-2" aria-label={t("variants")}>
          {mug.variants.map((v) => (
            <span
              key={v.id}
              title={v.name}
              className="h-6 w-6 rounded-full border border-stone-300"
              style={{ background: `linear-gradient(135deg, ${v.outsideColorCode} 50%, ${v.insideColorCode} 50%)` }}
            />
          ))}
        </div>
      )}
    </article>
  );
}
