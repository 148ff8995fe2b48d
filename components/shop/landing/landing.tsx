import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { formatEuro, formatNumber } from "@/lib/format";
import type { MugDto, PublicPromptDto } from "@/lib/schemas/catalog";
import type { ShippingZone } from "@/lib/domain/shipping";
import { SHIPPING_PATH } from "@/components/shop/legal/legal-paths";
import { MugDrawing } from "@/components/shop/editor/mug-drawing";
import { landingFacts, type LandingFacts } from "./landing-facts";
import type { LandingParts } from "./landing-slot";

export const LANDING_STYLES = 8;

const ICONS = {
  price: "M4 7h16v10H4zM8 12h.01M16 12h.01M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
  shipping: "M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  delivery: "M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  payment: "M3 6h18v12H3zM3 10h18M7 15h4",
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" width="20" height="20" className="fact-icon">
      <path d={ICONS[name]} />
    </svg>
  );
}

async function FactsList({ facts, locale }: { facts: LandingFacts; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "landing.facts" });
  const euro = (cents: number) => formatEuro(cents, locale);
  const items: { icon: keyof typeof ICONS; text: string; id: string; link?: { href: string; label: string } }[] = [];
  if (facts.priceFromCents !== null) {
    items.push({ id: "price", icon: "price", text: t(facts.pricesDiffer ? "priceFrom" : "price", { price: euro(facts.priceFromCents) }) });
  }
  if (facts.shippingFromCents !== null) {
    items.push({
      id: "shipping",
      icon: "shipping",
      text: t("shipping", { shipping: euro(facts.shippingFromCents) }),
      link: { href: SHIPPING_PATH, label: t("shippingLink") },
    });
  }
  items.push({ id: "delivery", icon: "delivery", text: t("delivery", { min: facts.deliveryDays.min, max: facts.deliveryDays.max }) });
  items.push({ id: "payment", icon: "payment", text: t("payment") });
  return (
    <section aria-labelledby="landing-facts-heading" data-testid="landing-facts">
      <h3 id="landing-facts-heading" className="sr-only">
        {t("heading")}
      </h3>
      <ul className="grid gap-x-6 gap-y-2 text-sm text-stone-700 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id} className="flex gap-2" data-testid={`landing-fact-${item.id}`}>
            <Icon name={item.icon} />
            <span>
              {item.text}
              {item.link && (
                <>
                  {" · "}
                  <Link href={item.link.href} className="underline hover:text-brand-700" data-testid={`landing-fact-${item.id}-link`}>
                    {item.link.label}
                  </Link>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

async function MugCard({ mug, locale, first }: { mug: MugDto; locale: Locale; first: boolean }) {
  const t = await getTranslations({ locale, namespace: "landing.mug" });
  const variant = mug.variants.find((v) => v.isDefault) ?? mug.variants[0];
  const number = (n: number) => formatNumber(n, locale);
  const details = [
    t("capacity", { ml: mug.fillingQuantityMl }),
    t("dimensions", { diameter: number(mug.diameterMm), height: number(mug.heightMm) }),
    ...(mug.dishwasherSafe ? [t("dishwasherSafe")] : []),
  ];
  const headingId = `landing-mug-heading-${mug.id}`;
  const picture = "aspect-square w-28 shrink-0 self-start rounded-md bg-white object-contain sm:w-36 lg:w-full";
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="landing-mug">
      <div className="flex gap-4 lg:flex-col">
        {variant?.exampleImageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- catalogue images are served by our own API with long cache headers
          <img
            src={variant.exampleImageUrl}
            alt={t("imageAlt", { mug: mug.name, colour: variant.name })}
            width={512}
            height={512}
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
            className={picture}
          />
        ) : variant ? (
          // No product photo: the mug drawn on the server in its colours (no JavaScript on the page).
          <span className={`${picture} flex items-center justify-center p-3`}>
            <MugDrawing
              uid={`landing-mug-${mug.id}`}
              mug={mug}
              imageUrl={null}
              outsideColor={variant.outsideColorCode}
              insideColor={variant.insideColorCode}
              label={t("imageAlt", { mug: mug.name, colour: variant.name })}
              className="h-full w-auto"
            />
          </span>
        ) : null}
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-medium tracking-wide text-stone-600 uppercase">{t("heading")}</p>
          <h3 id={headingId} className="font-semibold text-stone-900">
            {mug.name}
          </h3>
          {mug.shortDescription && <p className="text-sm text-stone-600">{mug.shortDescription}</p>}
          <p className="text-sm text-stone-600">{details.join(" · ")}</p>
          {mug.variants.length > 0 && (
            <p className="text-sm text-stone-600" data-testid="landing-mug-colours">
              {t("colours", { count: mug.variants.length, names: mug.variants.map((v) => v.name).join(", ") })}
            </p>
          )}
          <p className="pt-1">
            <span className="text-2xl font-bold text-stone-900" data-testid="landing-mug-price">
              {formatEuro(mug.price.priceCents, locale)}
            </span>{" "}
            <span className="text-xs text-stone-600">{t("priceNote")}</span>
          </p>
        </div>
      </div>
    </section>
  );
}

/** Every active mug, so a shop with several shows them all. */
function MugCards({ mugs, locale }: { mugs: readonly MugDto[]; locale: Locale }) {
  if (mugs.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="landing-mugs">
      {mugs.map((mug, i) => (
        <MugCard key={mug.id} mug={mug} locale={locale} first={i === 0} />
      ))}
    </div>
  );
}

async function StylesShowcase({ prompts, locale }: { prompts: readonly PublicPromptDto[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "landing.styles" });
  const withExample = prompts.filter((p) => p.exampleImageUrl);
  if (withExample.length === 0) return null;
  const shown = withExample.slice(0, LANDING_STYLES);
  const more = prompts.length - shown.length;
  return (
    <section
      aria-labelledby="landing-styles-heading"
      className="space-y-3 border-t border-stone-200 pt-6 lg:border-t-0 lg:pt-0"
      data-testid="landing-styles"
    >
      <div>
        <h3 id="landing-styles-heading" className="text-lg font-semibold">
          {t("heading")}
        </h3>
        <p className="text-sm text-stone-600">{t("intro")}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {shown.map((p) => (
          <li key={p.id} className="style-card" data-testid="landing-style">
            {/* eslint-disable-next-line @next/next/no-img-element -- catalogue images are served by our own API with long cache headers */}
            <img
              src={p.exampleImageUrl ?? ""}
              alt={t("imageAlt", { title: p.title })}
              width={512}
              height={512}
              loading="lazy"
              className="style-card-img"
            />
            <p className="style-card-name">{p.title}</p>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-sm text-stone-600">{t("more", { count: more })}</p>}
    </section>
  );
}

export function landingParts({
  mugs,
  prompts,
  zones,
  locale,
}: {
  mugs: readonly MugDto[];
  prompts: readonly PublicPromptDto[];
  zones: readonly ShippingZone[];
  locale: Locale;
}): LandingParts {
  return {
    facts: <FactsList facts={landingFacts(mugs, zones)} locale={locale} />,
    mug: <MugCards mugs={mugs} locale={locale} />,
    styles: <StylesShowcase prompts={prompts} locale={locale} />,
  };
}
