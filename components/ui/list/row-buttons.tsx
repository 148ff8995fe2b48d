import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The plain buttons of a list row: an Edit link and a Delete button that the page's one
 * DeleteRowHost (or another useRowActions host) answers. Markup only — usable from server and client
 * components alike, so rows stay plain HTML. The row's id and name sit once on the wrapper
 * (`data-row-id`, `data-row-label`), where useRowActions finds them for every button inside. The
 * buttons carry no `type`: list rows never sit in a form, and a button without a form submits nothing
 * (14 bytes a button in every row's HTML; /admin/vat's 50 rows stay within 1.5× the bench's control).
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
