import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { hrefWith, type SearchParamsRecord } from "@/components/ui/list/href";
import { PROMPTS_PATH } from "./paths";

export async function ArchivedSwitch({ archived, searchParams }: { archived: "true" | "false" | "all"; searchParams: SearchParamsRecord }) {
  const t = await getTranslations("prompts.list");
  const states = [
    { value: "false", label: t("showCurrent") },
    { value: "true", label: t("showArchived") },
    { value: "all", label: t("showAll") },
  ] as const;
  return (
    <nav
      aria-label={t("archivedSwitch")}
      className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5 text-sm"
      data-testid="prompt-archived-switch"
    >
      {states.map((s) => {
        const current = s.value === archived;
        return (
          <Link
            key={s.value}
            href={hrefWith(PROMPTS_PATH, searchParams, { archived: s.value === "false" ? null : s.value })}
            aria-current={current ? "page" : undefined}
            data-state={s.value}
            className={`rounded-md px-3 py-1.5 ${current ? "bg-brand-600 font-medium text-white" : "text-stone-700 hover:bg-stone-100"}`}
          >
            {s.label}
          </Link>
        );
      })}
    </nav>
  );
}
