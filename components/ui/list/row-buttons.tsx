import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The plain buttons of a list row: an Edit link and a Delete button that the page's one
 * DeleteRowHost (or another useRowActions host) answers. Markup only — usable from server and client
 * components alike, so rows stay plain HTML.
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
  /** Further buttons placed before Edit. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2 lg:justify-end">
      {children}
      {editHref && (
        <Link href={editHref} className="btn-secondary" aria-label={`${editLabel} ${name}`}>
          {editLabel}
        </Link>
      )}
      <button type="button" className="btn-danger" aria-label={`${deleteLabel} ${name}`} data-row-action="delete" data-row-id={id} data-row-label={name} {...deleteData}>
        {deleteLabel}
      </button>
    </div>
  );
}
