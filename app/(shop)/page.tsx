import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { EditorWizard } from "@/components/shop/editor/editor-wizard";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { listPublicMugs, listPublicPrompts } from "@/lib/services/catalog";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("title") };
}

/** "/" and "/editor": the editor wizard, with the catalogue read on the server (in the visitor's language) as its initial data. */
export default async function EditorPage() {
  const locale = await getLocale();
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const [mugs, prompts] = await Promise.all([listPublicMugs(lang), listPublicPrompts(lang)]);
  return <EditorWizard initialMugs={mugs} initialPrompts={prompts} />;
}
