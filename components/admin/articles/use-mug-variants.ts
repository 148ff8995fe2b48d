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

/** A failed image step keeps the saved variant and is reported on its own. */
async function storeImage(variantId: number, image: ImageChange): Promise<{ kind: "upload" | "remove"; error: unknown } | null> {
  try {
    if (image.kind === "set") await mugVariantsApi.uploadImage(variantId, image.image.file, image.image.crop);
    if (image.kind === "remove") await mugVariantsApi.removeImage(variantId);
    return null;
  } catch (error) {
    return { kind: image.kind === "set" ? "upload" : "remove", error };
  }
}

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

  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: (id: number) => mugVariantsApi.remove(id),
    success: t("deleted"),
    onSuccess: () => void refresh(),
  });

  /** Saved at once for a saved article, else kept as a draft; answers the success toast's text. */
  async function saveRow(row: MugVariantRow | null, body: MugVariantBody, image: ImageChange): Promise<string | null> {
    if (!articleId) {
      const key = row?.key ?? `draft-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      form.setMugDrafts((drafts) => {
        const previous = drafts.find((d) => d.key === key);
        const nextImage = image.kind === "set" ? image.image : image.kind === "remove" ? null : (previous?.image ?? null);
        const draft: MugVariantDraft = { key, body, image: nextImage };
        const next = previous ? drafts.map((d) => (d.key === key ? draft : d)) : [...drafts, draft];
        return normalizeDefault(next, body.isDefault ? key : undefined);
      });
      return null;
    }
    const variant = row?.id ? await mugVariantsApi.update(row.id, body) : await mugVariantsApi.create(articleId, body);
    const failed = await storeImage(variant.id, image);
    void refresh();
    if (failed?.kind === "upload")
      toast.error(row ? t("updatedImageFailed") : t("createdImageFailed"), { description: errorText(failed.error) });
    if (failed?.kind === "remove") toast.error(te("failedToDelete"), { description: errorText(failed.error) });
    return failed ? null : row ? t("updated") : t("created");
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

  return { rows, editing, setEditing, saveRow, removeRow, check, refresh };
}
