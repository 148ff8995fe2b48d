"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";

/** Cancel never drops changes unasked: a link back meets the unsaved-changes warning, closing in place asks the same. */
export function FormButtons({
  form,
  cancel,
  scroll,
  className = "flex flex-wrap gap-2",
}: {
  form: { save: { isPending: boolean }; cancel: (close: () => void) => void };
  /** Where Cancel leads, or how the form closes in place. */
  cancel: string | (() => void);
  scroll?: boolean;
  className?: string;
}) {
  const tc = useTranslations("common");
  return (
    <div className={className}>
      <button type="submit" className="btn-primary" disabled={form.save.isPending}>
        {form.save.isPending ? tc("saving") : tc("save")}
      </button>
      {typeof cancel === "string" ? (
        <Link href={cancel} scroll={scroll} className="btn-secondary">
          {tc("cancel")}
        </Link>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => form.cancel(cancel)}>
          {tc("cancel")}
        </button>
      )}
    </div>
  );
}
