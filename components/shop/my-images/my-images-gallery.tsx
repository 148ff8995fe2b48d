"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { userImageQueries } from "@/lib/api-client/user-images";
import { sortFromUrl } from "@/lib/schemas/user-image-sorting";
import type { SortOrder, UserImageSort } from "@/lib/schemas/user-images";
import { ImageCard } from "./image-card";
import { SortControls } from "./sort-controls";
import { EmptyState, LoadFailed } from "@/components/ui/query-state";

export function MyImagesGallery() {
  const t = useTranslations("myImages");
  const searchParams = useSearchParams();
  const query = sortFromUrl(searchParams);
  // While another sort loads, the current grid stays (no skeleton flash).
  const images = useQuery({ ...userImageQueries.list(query), placeholderData: keepPreviousData });

  // Native history updates are picked up by useSearchParams without a server round trip.
  const changeSort = (next: { sort: UserImageSort; order: SortOrder }) => {
    const params = new URLSearchParams(searchParams.toString());
    params.set("sort", next.sort);
    params.set("order", next.order);
    window.history.replaceState(null, "", `?${params.toString()}`);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-stone-600">{t("intro")}</p>
        <SortControls sort={query.sort} order={query.order} onChange={changeSort} />
      </div>
      {images.isPending ? (
        <GallerySkeleton label={t("loading")} />
      ) : images.isError ? (
        <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void images.refetch()} />
      ) : images.data.length === 0 ? (
        <EmptyState message={t("empty")} testId="my-images-empty">
          <Link href="/" className="btn-primary">
            {t("emptyAction")}
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-stone-600" aria-live="polite" data-testid="my-images-count">
            {t("count", { count: images.data.length })}
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="my-images-grid" aria-busy={images.isFetching}>
            {images.data.map((image, index) => (
              <ImageCard key={image.id} image={image} first={index < 3} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function GallerySkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="my-images-loading">
      <span className="sr-only">{label}</span>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <li key={i} className="animate-pulse overflow-hidden rounded-lg border border-stone-200 bg-white">
            <div className="aspect-square bg-stone-200" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-1/3 rounded bg-stone-200" />
              <div className="h-4 w-2/3 rounded bg-stone-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
