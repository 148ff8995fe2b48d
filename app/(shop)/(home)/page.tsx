import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { EditorWizard } from "@/components/shop/editor/editor-wizard";
import { landingParts } from "@/components/shop/landing/landing";
import { LandingSlot } from "@/components/shop/landing/landing-slot";
import { shopLocale } from "@/lib/i18n/config";
import { listPublicMugs, listPublicPrompts } from "@/lib/services/catalog";
import { cheapestShipping } from "@/lib/domain/shipping";
import { listShippingZones } from "@/lib/services/shipping";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("title") };
}

export default async function EditorPage() {
  const locale = await getLocale();
  const lang = shopLocale(locale);
  const [mugs, prompts, zones] = await Promise.all([listPublicMugs(lang), listPublicPrompts(lang), listShippingZones()]);
  return (
    <LandingSlot {...landingParts({ mugs, prompts, zones, locale: lang })}>
      <EditorWizard initialMugs={mugs} initialPrompts={prompts} shippingFromCents={cheapestShipping(zones)?.priceCents ?? null} />
    </LandingSlot>
  );
}
