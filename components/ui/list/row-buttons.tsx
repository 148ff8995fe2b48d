import Link from "next/link";
import type { ReactNode } from "react";

/** Answered by the page's one DeleteRowHost; no `type`: rows never sit in a form and it would repeat in every row. */
export function RowButtons({
  editHref,
  editLabel,
  deleteLabel,
  id,
  name,
  deleteData,
  children,
}: {
  editHref?: string;
  editLabel: string;
  deleteLabel: string;
  id: number | string;
  /** The row's name: read out with the button labels and shown in the confirm dialog. */
  name: string;
  /** Extra data-* attributes for the delete button, e.g. { "data-row-path": "/admin/…" }. */
  deleteData?: Record<`data-${string}`, string | undefined>;
  /** Further buttons placed before Edit: `<button data-row-action="…">` (they share the wrapper's id and name). */
  children?: ReactNode;
}) {
  return (
    <div className="rt-btns" data-row-id={id} data-row-label={name}>
      {children}
      {editHref && (
        <Link href={editHref} className="btn-secondary" aria-label={`${editLabel} ${name}`}>
          {editLabel}
        </Link>
      )}
      <button className="btn-danger" aria-label={`${deleteLabel} ${name}`} data-row-action="delete" {...deleteData}>
        {deleteLabel}
      </button>
    </div>
  );
}
