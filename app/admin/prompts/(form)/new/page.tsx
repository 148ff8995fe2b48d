import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { PromptForm } from "@/components/admin/prompts/prompt-form";
import { loadPromptFormOptions } from "../form-options";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("prompts"))("createTitle") };
}

export default async function NewPromptPage() {
  await requireBackOffice(null);
  const [options, t] = await Promise.all([loadPromptFormOptions(), getTranslations("prompts")]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("createTitle")}</h1>
      <PromptForm options={options} />
    </section>
  );
}
