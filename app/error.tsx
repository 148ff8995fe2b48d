"use client";

import { useTranslations } from "next-intl";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errorPage");
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {error.digest && <p className="text-xs text-stone-500">{error.digest}</p>}
      <button type="button" className="btn-primary" onClick={reset}>
        {t("retry")}
      </button>
    </main>
  );
}
