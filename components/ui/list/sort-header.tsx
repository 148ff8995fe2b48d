import Link from "next/link";
import { hrefWith, type SearchParamsRecord } from "./href";

export function SortHeader({
  basePath,
  searchParams,
  sort,
  field,
  label,
  align = "left",
}: {
  basePath: string;
  searchParams: SearchParamsRecord;
  sort: string;
  field: string;
  label: string;
  align?: "left" | "right";
}) {
  const ascending = sort === field;
  const descending = sort === `-${field}`;
  const next = ascending ? `-${field}` : field;
  return (
    <th
      scope="col"
      aria-sort={ascending ? "ascending" : descending ? "descending" : "none"}
      className={`px-4 py-2 font-medium ${align === "right" ? "text-right" : "text-left"}`}
    >
      <Link href={hrefWith(basePath, searchParams, { sort: next })} className="inline-flex items-center gap-1 hover:text-stone-900">
        {label}
        <span aria-hidden className="text-xs">
          {ascending ? "▲" : descending ? "▼" : "↕"}
        </span>
      </Link>
    </th>
  );
}
