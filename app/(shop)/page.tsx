import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EditorWizard } from "@/components/shop/editor/editor-wizard";
import { listPublicMugs, listPublicPrompts } from "@/lib/services/catalog";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("title") };
}

/** "/" and "/editor": the editor wizard, with the catalogue read on the server as its initial data. */
export default async function EditorPage() {
  const [mugs, prompts] = await Promise.all([listPublicMugs(), listPublicPrompts()]);
  return <EditorWizard initialMugs={mugs} initialPrompts={prompts} />;
}
