import { useTranslations } from "next-intl";

/** An archived prompt is out of the shop whatever its active flag, so it shows only "Archived". */
export function PromptStatusBadges({ active, archived }: { active: boolean; archived: boolean }) {
  const t = useTranslations("prompts.list");
  const badge = "whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="prompt-status">
      {archived ? (
        <span className={`${badge} bg-amber-100 text-amber-800`} data-testid="prompt-archived-badge">
          {t("archived")}
        </span>
      ) : (
        <span className={`${badge} ${active ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}>
          {active ? t("active") : t("inactive")}
        </span>
      )}
    </span>
  );
}
