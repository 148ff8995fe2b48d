"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { articleKeys, mugVariantsApi } from "@/lib/api-client/articles";
import type { MugVariantAdminDto, MugVariantBody } from "@/lib/schemas/articles";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import type { ArticleFormState } from "./use-article-form";
import { normalizeDefault } from "./mug-variant-drafts";
import type { ImageChange, MugVariantDraft, MugVariantRow } from "./types";

const errorText = (e: unknown) => (e instanceof Error ? e.message : undefined);

export function useMugVariants({
  articleId,
  saved,
  form,
}: {
  articleId: number | null;
  saved: MugVariantAdminDto[];
  form: ArticleFormState;
}) {
  const t = useTranslations("articles.variants");
  const te = useTranslations("errors");
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<MugVariantRow | "new" | null>(null);

  const rows: MugVariantRow[] = articleId
    ? saved.map((v) => ({
        key: `saved-${v.id}`,
        id: v.id,
        body: {
          name: v.name,
          nameDe: v.nameDe,
          articleVariantNumber: v.articleVariantNumber,
          insideColorCode: v.insideColorCode,
          outsideColorCode: v.outsideColorCode,
          active: v.active,
          isDefault: v.isDefault,
        },
        imageUrl: v.exampleImageUrl,
      }))
    : form.mugDrafts.map((d) => ({ key: d.key, id: null, body: d.body, imageUrl: d.image?.previewUrl || null }));

  const refresh = () => (articleId ? queryClient.invalidateQueries({ queryKey: articleKeys.detail(articleId) }) : Promise.resolve());

  const save = useAdminMutation({
    mutationFn: async ({ row, body, image }: { row: MugVariantRow | null; body: MugVariantBody; image: ImageChange }) => {
      const variant = row?.id ? await mugVariantsApi.update(row.id, body) : await mugVariantsApi.create(articleId ?? 0, body);
      let imageError: { kind: "upload" | "remove"; error: unknown } | null = null;
      if (image.kind === "set")
        await mugVariantsApi
          .uploadImage(variant.id, image.image.file, image.image.crop)
          .catch((error: unknown) => (imageError = { kind: "upload", error }));
      if (image.kind === "remove")
        await mugVariantsApi.removeImage(variant.id).catch((error: unknown) => (imageError = { kind: "remove", error }));
      return { isNew: !row, imageError: imageError as { kind: "upload" | "remove"; error: unknown } | null };
    },
    success: (r) => (r.imageError ? null : r.isNew ? t("created") : t("updated")),
    onSuccess: (r) => {
      if (r.imageError?.kind === "upload")
        toast.error(r.isNew ? t("createdImageFailed") : t("updatedImageFailed"), { description: errorText(r.imageError.error) });
      if (r.imageError?.kind === "remove") toast.error(te("failedToDelete"), { description: errorText(r.imageError.error) });
      setEditing(null);
      void refresh();
    },
    onFieldErrors: setServerErrors,
  });

  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (id: number) => mugVariantsApi.remove(id),
    success: t("deleted"),
    onSuccess: () => void refresh(),
  });

  function saveRow(row: MugVariantRow | null, body: MugVariantBody, image: ImageChange) {
    setServerErrors({});
    if (articleId) {
      save.mutate({ row, body, image });
      return;
    }
    const key = row?.key ?? `draft-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    form.setMugDrafts((drafts) => {
      const previous = drafts.find((d) => d.key === key);
      const nextImage = image.kind === "set" ? image.image : image.kind === "remove" ? null : (previous?.image ?? null);
      const draft: MugVariantDraft = { key, body, image: nextImage };
      const next = previous ? drafts.map((d) => (d.key === key ? draft : d)) : [...drafts, draft];
      return normalizeDefault(next, body.isDefault ? key : undefined);
    });
    setEditing(null);
  }

  function removeRow(row: MugVariantRow) {
    if (row.id) remove.mutate(row.id);
    else form.setMugDrafts((drafts) => normalizeDefault(drafts.filter((d) => d.key !== row.key)));
  }

  /** A name the mug already has, ignoring case as the server does (here it shows before sending). */
  function check(row: MugVariantRow | null, body: MugVariantBody): Record<string, string> {
    const name = body.name.toLowerCase();
    const taken = rows.some((r) => r.key !== row?.key && r.body.name.toLowerCase() === name);
    return taken ? { name: te("variantNameExists") } : {};
  }

  return { rows, editing, setEditing, serverErrors, saveRow, removeRow, check, busy: save.isPending, refresh };
}
