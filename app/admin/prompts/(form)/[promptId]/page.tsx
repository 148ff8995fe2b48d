import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { ApiError } from "@/lib/errors";
import { shopLocale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import { idParams } from "@/lib/schemas/common";
import { getPromptOrThrow } from "@/lib/services/prompts";
import { PromptForm } from "@/components/admin/prompts/prompt-form";
import { PromptStatusBadges } from "@/components/admin/prompts/prompt-status-badges";
import { loadPromptFormOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("prompts"))("editTitle") };
}

/** Archived prompts are editable too: clearing "archived" restores them. */
export default async function EditPromptPage({ params }: { params: Promise<{ promptId: string }> }) {
  await requireBackOffice(null);
  const parsed = idParams("promptId").safeParse(await params);
  if (!parsed.success) notFound();
  const [prompt, options, t, locale] = await Promise.all([
    getPromptOrThrow(parsed.data.promptId).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) notFound();
      throw err;
    }),
    loadPromptFormOptions(),
    getTranslations("prompts"),
    getLocale(),
  ]);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("editTitle")}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600" data-testid="prompt-heading-title">
          <span>{localized(shopLocale(locale), prompt.title, prompt.titleDe)}</span>
          {prompt.promptNumber && <span className="font-mono text-xs text-stone-500">{prompt.promptNumber}</span>}
          <PromptStatusBadges active={prompt.active} archived={prompt.archived} />
        </p>
      </div>
      <PromptForm key={prompt.id} prompt={prompt} options={options} />
    </section>
  );
}
