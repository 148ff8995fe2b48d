import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listModels } from "@/lib/integrations/ai/registry";
import { ApiError } from "@/lib/errors";
import { getAiTestRun, listAiTestRuns, listTesterPromptChoices } from "@/lib/services/ai-test";
import { PromptTester } from "@/components/admin/prompt-tester/prompt-tester";
import { HISTORY_PAGE_SIZE } from "@/components/admin/prompt-tester/types";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("promptTester"))("title") };
}

export default async function PromptTesterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireBackOffice(null);
  const raw = await getLocale();
  const locale = shopLocale(raw);
  const { run } = await searchParams;
  const runId = typeof run === "string" && /^[1-9][0-9]{0,9}$/.test(run) ? Number(run) : null;
  const [t, models, prompts, runs, initialRun] = await Promise.all([
    getTranslations("promptTester"),
    listModels(),
    listTesterPromptChoices(locale),
    listAiTestRuns({ page: 1, pageSize: HISTORY_PAGE_SIZE }, locale),
    runId === null
      ? Promise.resolve(null)
      : getAiTestRun(runId, locale).catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        }),
  ]);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">{t("intro")}</p>
      </div>
      <PromptTester
        models={models.map((m) => ({
          id: m.id,
          provider: m.provider,
          displayName: m.displayName,
          active: m.active,
          usable: m.usable,
          offline: m.offline,
        }))}
        prompts={prompts}
        initialRuns={runs}
        initialRun={initialRun}
      />
    </section>
  );
}
