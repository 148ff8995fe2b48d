"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { articlesApi, mugVariantsApi } from "@/lib/api-client/articles";
import {
  createArticleBody,
  updateArticleBody,
  type ArticleDto,
  type CreateArticleBody,
  type UpdateArticleBody,
} from "@/lib/schemas/articles";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import {
  initialValues,
  toCreateBody,
  toUpdateBody,
  type ArticleType,
  type MugDetailsValues,
  type PriceValues,
  type ShirtDetailsValues,
} from "./article-form-model";
import { currentErrors, tabOfField, type ArticleTabId } from "./form-errors";
import type { MugVariantDraft, ShirtVariantDraft } from "./types";

async function uploadDraftImages(article: ArticleDto, drafts: MugVariantDraft[]): Promise<string[]> {
  const failed: string[] = [];
  for (const draft of drafts) {
    if (!draft.image) continue;
    const saved = article.mugVariants.find((v) => v.name === draft.body.name);
    try {
      if (!saved) throw new Error("variant missing in the answer");
      await mugVariantsApi.uploadImage(saved.id, draft.image.file, draft.image.crop);
    } catch {
      failed.push(draft.body.name);
    }
  }
  return failed;
}

/** A new article is created with its drafted variants and opens as saved; a saved one stays open after each save. */
export function useArticleForm(type: ArticleType, locale: string, article?: ArticleDto) {
  const t = useTranslations("articles");
  const router = useRouter();
  const [mugDrafts, setMugDrafts] = useState<MugVariantDraft[]>([]);
  const [shirtDrafts, setShirtDrafts] = useState<ShirtVariantDraft[]>([]);
  const [tab, setTab] = useState<ArticleTabId>("general");

  const form = useAdminForm({
    initial: () => initialValues(type, locale, article),
    schema: article ? updateArticleBody : createArticleBody,
    toBody: (v) =>
      article
        ? toUpdateBody(v)
        : toCreateBody(
            v,
            mugDrafts.map((d) => d.body),
            shirtDrafts.map((d) => d.body),
          ),
    mutationFn: async (body) => {
      if (article) return { id: (await articlesApi.update(article.id, body as UpdateArticleBody)).id, failedImages: [] };
      const created = await articlesApi.create(body as CreateArticleBody);
      return { id: created.id, failedImages: await uploadDraftImages(created, mugDrafts) };
    },
    success: article ? t("updated") : t("created"),
    onSaved: ({ id, failedImages }) => {
      if (failedImages.length > 0) toast.error(t("variants.createdImageFailed"), { description: failedImages.join(", ") });
      if (!article) router.replace(`/admin/articles/${id}`);
      router.refresh();
    },
    stay: !!article,
    extraDirty: mugDrafts.length > 0 || shirtDrafts.length > 0,
    visibleErrors: currentErrors,
    onInvalid: (fields) => {
      // The shown tab keeps the focus if it has an error; otherwise the first error's tab opens.
      const first = fields[0];
      if (first && !fields.some((f) => tabOfField(f) === tab)) setTab(tabOfField(first));
    },
  });

  const { setValues } = form;
  const setMug = (patch: Partial<MugDetailsValues>) => setValues((v) => ({ ...v, mugDetails: { ...v.mugDetails, ...patch } }));
  const setShirt = (patch: Partial<ShirtDetailsValues>) => setValues((v) => ({ ...v, shirtDetails: { ...v.shirtDetails, ...patch } }));
  const setPrice = (patch: Partial<PriceValues>) => setValues((v) => ({ ...v, price: { ...v.price, ...patch } }));
  const setCategory = (categoryId: string, subcategoryIds: number[]) =>
    setValues((v) => ({ ...v, categoryId, subcategoryId: subcategoryIds.map(String).includes(v.subcategoryId) ? v.subcategoryId : "" }));

  return { ...form, setMug, setShirt, setPrice, setCategory, tab, setTab, mugDrafts, setMugDrafts, shirtDrafts, setShirtDrafts };
}

export type ArticleFormState = ReturnType<typeof useArticleForm>;
