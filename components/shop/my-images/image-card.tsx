"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { userImageKeys, userImagesApi } from "@/lib/api-client/user-images";
import type { UserImageDto, UserImageType } from "@/lib/schemas/user-images";
import { thumbnailUrl } from "@/lib/thumbnail-url";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const BADGE_STYLE: Record<UserImageType, string> = {
  UPLOADED: "bg-stone-100 text-stone-800",
  GENERATED: "bg-brand-100 text-brand-700",
  EDITED: "bg-sky-100 text-sky-800",
};

function useFileSize(): (bytes: number) => string {
  const format = useFormatter();
  return (bytes) => {
    if (bytes < 1024) return format.number(bytes, { style: "unit", unit: "byte", unitDisplay: "long" });
    const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "kilobyte"] : [bytes / (1024 * 1024), "megabyte"];
    return format.number(value, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 });
  };
}

const CARD_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw";

export function ImageCard({ image, first = false }: { image: UserImageDto; first?: boolean }) {
  const t = useTranslations("myImages");
  const tc = useTranslations("common");
  const format = useFormatter();
  const fileSize = useFileSize();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const typeLabels: Record<UserImageType, string> = { UPLOADED: t("typeUploaded"), GENERATED: t("typeGenerated"), EDITED: t("typeEdited") };
  const created = new Date(image.createdAt);
  const date = format.dateTime(created, { dateStyle: "medium", timeStyle: "short" });
  const typeLabel = typeLabels[image.type];
  const kindLabels: Record<UserImageType, string> = { UPLOADED: t("kindUploaded"), GENERATED: t("kindGenerated"), EDITED: t("kindEdited") };
  const alt = t("imageAlt", { kind: kindLabels[image.type], date });

  const remove = useMutation({
    mutationFn: () => userImagesApi.remove(image.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t("deleted"));
      await queryClient.invalidateQueries({ queryKey: userImageKeys.all });
    },
    onError: () => setConfirming(false),
  });

  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm"
      data-testid="my-image-card"
      data-image-id={image.id}
      data-type={image.type}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- private images come from our own API (owner-only, no optimiser) */}
      <img
        src={thumbnailUrl(image.url, 384)}
        srcSet={`${thumbnailUrl(image.url, 384)} 384w, ${thumbnailUrl(image.url, 768)} 768w`}
        sizes={CARD_SIZES}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding="async"
        className="aspect-square w-full bg-stone-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-2 p-4 text-sm">
        <div className="flex items-center justify-between gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_STYLE[image.type]}`} data-testid="image-type-badge">
            {typeLabel}
          </span>
          <time dateTime={image.createdAt} className="text-stone-600" data-testid="image-date">
            {date}
          </time>
        </div>
        {image.promptTitle && (
          <p className="font-medium" data-testid="image-prompt">
            {t("prompt", { title: image.promptTitle })}
          </p>
        )}
        <p className="text-stone-600">
          <span data-testid="image-size">{fileSize(image.sizeBytes)}</span> ·{" "}
          {t("dimensions", { width: image.width, height: image.height })}
        </p>
        <div className="mt-auto flex flex-wrap justify-end gap-2 pt-2">
          <Link
            href={`/editor?image=${image.id}`}
            className="btn-primary"
            aria-label={t("putOnMugLabel", { image: alt })}
            data-testid="put-on-mug"
          >
            {t("putOnMug")}
          </Link>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(true)} aria-label={t("deleteLabel", { image: alt })}>
            {tc("delete")}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("confirmDeleteTitle")}
        confirmLabel={tc("delete")}
        cancelLabel={tc("cancel")}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-stone-600">{t("confirmDeleteText")}</p>
      </ConfirmDialog>
    </li>
  );
}
