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
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useUnsavedChanges } from "@/components/ui/form/use-unsaved-changes";
import {
  initialValues,
  toCreateBody,
  toUpdateBody,
  type ArticleFormValues,
  type ArticleType,
  type MugDetailsValues,
  type PriceValues,
  type ShirtDetailsValues,
} from "./article-form-model";
import { currentErrors, invalidTabs, tabOfField, type ArticleTabId } from "./form-errors";
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

export function useArticleForm(type: ArticleType, locale: string, article?: ArticleDto) {
  const t = useTranslations("articles");
  const router = useRouter();
  const [baseline, setBaseline] = useState(() => initialValues(type, locale, article));
  const [values, setValues] = useState(baseline);
  const [mugDrafts, setMugDrafts] = useState<MugVariantDraft[]>([]);
  const [shirtDrafts, setShirtDrafts] = useState<ShirtVariantDraft[]>([]);
  const [tab, setTab] = useState<ArticleTabId>("general");
  const [leaving, setLeaving] = useState(false);
  const fieldErrors = useFieldErrors();
  const { validate, fromServer } = fieldErrors;
  /** The values the shown errors were found in: an error hides once its field changes. */
  const [checked, setChecked] = useState<ArticleFormValues | null>(null);
  const errors = currentErrors(fieldErrors.errors, checked, values);

  const dirty = !leaving && (JSON.stringify(values) !== JSON.stringify(baseline) || mugDrafts.length > 0 || shirtDrafts.length > 0);
  useUnsavedChanges(dirty);

  function showFirstError(fieldErrors: Record<string, string>) {
    const tabs = invalidTabs(fieldErrors);
    if (tabs.size > 0 && !tabs.has(tab)) {
      const first = Object.keys(fieldErrors)[0];
      if (first) setTab(tabOfField(first));
    }
  }

  const create = useAdminMutation({
    mutationFn: async (body: CreateArticleBody) => {
      const created = await articlesApi.create(body);
      const failedImages = await uploadDraftImages(created, mugDrafts);
      return { created, failedImages };
    },
    success: t("created"),
    onSuccess: ({ created, failedImages }) => {
      if (failedImages.length > 0) toast.error(t("variants.createdImageFailed"), { description: failedImages.join(", ") });
      setLeaving(true);
      router.replace(`/admin/articles/${created.id}`);
      router.refresh();
    },
    onFieldErrors: showFirstError,
    onError: fromServer,
  });

  const update = useAdminMutation({
    mutationFn: ({ body }: { body: UpdateArticleBody; snapshot: ArticleFormValues }) => articlesApi.update(article?.id ?? 0, body),
    success: t("updated"),
    onSuccess: (_, { snapshot }) => {
      setBaseline(snapshot);
      router.refresh();
    },
    onFieldErrors: showFirstError,
    onError: fromServer,
  });

  function submit() {
    setChecked(values);
    if (article) {
      const body = validate(updateArticleBody, toUpdateBody(values));
      if (body) update.mutate({ body, snapshot: values });
      else showFirstError(clientErrors(updateArticleBody, toUpdateBody(values)));
      return;
    }
    const raw = toCreateBody(
      values,
      mugDrafts.map((d) => d.body),
      shirtDrafts.map((d) => d.body),
    );
    const body = validate(createArticleBody, raw);
    if (body) create.mutate(body);
    else showFirstError(clientErrors(createArticleBody, raw));
  }

  const set = <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setMug = (patch: Partial<MugDetailsValues>) => setValues((v) => ({ ...v, mugDetails: { ...v.mugDetails, ...patch } }));
  const setShirt = (patch: Partial<ShirtDetailsValues>) => setValues((v) => ({ ...v, shirtDetails: { ...v.shirtDetails, ...patch } }));
  const setPrice = (patch: Partial<PriceValues>) => setValues((v) => ({ ...v, price: { ...v.price, ...patch } }));
  const setCategory = (categoryId: string, subcategoryIds: number[]) =>
    setValues((v) => ({ ...v, categoryId, subcategoryId: subcategoryIds.map(String).includes(v.subcategoryId) ? v.subcategoryId : "" }));

  return {
    values,
    set,
    setMug,
    setShirt,
    setPrice,
    setCategory,
    errors,
    tab,
    setTab,
    mugDrafts,
    setMugDrafts,
    shirtDrafts,
    setShirtDrafts,
    dirty,
    submit,
    saving: create.isPending || update.isPending,
  };
}

function clientErrors(schema: typeof createArticleBody | typeof updateArticleBody, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

export type ArticleFormState = ReturnType<typeof useArticleForm>;
