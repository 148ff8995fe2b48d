import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { hrefWith, type SearchParamsRecord } from "./href";

export async function Pagination({
  basePath,
  searchParams,
  page,
  pageSize,
  total,
}: {
  basePath: string;
  searchParams: SearchParamsRecord;
  page: number;
  pageSize: number;
  total: number;
}) {
  const t = await getTranslations("list");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const shown = pageWindow(page, pages);
  const link = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100";
  return (
    <nav
      aria-label={t("pagination")}
      className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600"
      data-testid="pagination"
    >
      <span>{t("range", { from, to, total })}</span>
      {pages > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {page > 1 ? (
              <Link className={link} href={hrefWith(basePath, searchParams, { page: page - 1 })} rel="prev">
                {t("previous")}
              </Link>
            ) : (
              <span className={`${link} opacity-50`} aria-disabled="true">
                {t("previous")}
              </span>
            )}
          </li>
          {shown.map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden className="px-1">
                …
              </li>
            ) : (
              <li key={p}>
                <Link
                  className={`${link} ${p === page ? "border-brand-600 font-medium text-brand-700" : ""}`}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={t("page", { page: p })}
                  href={hrefWith(basePath, searchParams, { page: p })}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pages ? (
              <Link className={link} href={hrefWith(basePath, searchParams, { page: page + 1 })} rel="next">
                {t("next")}
              </Link>
            ) : (
              <span className={`${link} opacity-50`} aria-disabled="true">
                {t("next")}
              </span>
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}

export function pageWindow(page: number, pages: number): (number | null)[] {
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}
