import Link from "next/link";
import type { ReactNode } from "react";

/**
 * Markup only, answered by the page's one DeleteRowHost. The buttons carry no `type`: list rows never sit
 * in a form, and the attribute would repeat in every row's HTML.
 */
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
