import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type {
  ArticleDto,
  CopyVariantsDto,
  CreateArticleBodyInput,
  MugVariantAdminDto,
  MugVariantBodyInput,
  ShirtVariantAdminDto,
  ShirtVariantBodyInput,
  UpdateArticleBodyInput,
  VariantsCatalogDto,
} from "@/lib/schemas/articles";

export interface ImageCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const articleKeys = {
  all: ["admin", "articles"] as const,
  detail: (id: number) => ["admin", "articles", id] as const,
  variantsCatalog: (excludeMugId: number) => ["admin", "articles", "variants-catalog", excludeMugId] as const,
};

export const articleQueries = {
  detail: (id: number) =>
    queryOptions({ queryKey: articleKeys.detail(id), queryFn: ({ signal }) => apiFetch<ArticleDto>(`/admin/articles/${id}`, { signal }) }),
  variantsCatalog: (excludeMugId: number) =>
    queryOptions({
      queryKey: articleKeys.variantsCatalog(excludeMugId),
      queryFn: ({ signal }) =>
        apiFetch<VariantsCatalogDto>(`/admin/articles/mugs/variants-catalog?excludeMugId=${excludeMugId}`, { signal }),
      staleTime: 0,
    }),
};

function imageForm(file: Blob, crop: ImageCrop | null): FormData {
  const form = new FormData();
  form.set("image", file, file instanceof File ? file.name : "image");
  if (crop) {
    form.set("cropX", String(crop.x));
    form.set("cropY", String(crop.y));
    form.set("cropWidth", String(crop.width));
    form.set("cropHeight", String(crop.height));
  }
  return form;
}

export const articlesApi = {
  get: (id: number) => apiFetch<ArticleDto>(`/admin/articles/${id}`),
  create: (body: CreateArticleBodyInput) => apiFetch<ArticleDto>("/admin/articles", { method: "POST", body }),
  update: (id: number, body: UpdateArticleBodyInput) => apiFetch<ArticleDto>(`/admin/articles/${id}`, { method: "PUT", body }),
  remove: (id: number) => apiFetch<{ deleted: boolean; deactivated: boolean }>(`/admin/articles/${id}`, { method: "DELETE" }),
};

export const mugVariantsApi = {
  create: (mugId: number, body: MugVariantBodyInput) =>
    apiFetch<MugVariantAdminDto>(`/admin/articles/mugs/${mugId}/variants`, { method: "POST", body }),
  update: (variantId: number, body: MugVariantBodyInput) =>
    apiFetch<MugVariantAdminDto>(`/admin/articles/mugs/variants/${variantId}`, { method: "PUT", body }),
  remove: (variantId: number) => apiFetch<unknown>(`/admin/articles/mugs/variants/${variantId}`, { method: "DELETE" }),
  uploadImage: (variantId: number, file: Blob, crop: ImageCrop | null) =>
    apiFetch<MugVariantAdminDto>(`/admin/articles/mugs/variants/${variantId}/image`, { method: "POST", body: imageForm(file, crop) }),
  removeImage: (variantId: number) => apiFetch<unknown>(`/admin/articles/mugs/variants/${variantId}/image`, { method: "DELETE" }),
  copy: (mugId: number, variantIds: number[]) =>
    apiFetch<CopyVariantsDto>(`/admin/articles/mugs/${mugId}/copy-variants`, { method: "POST", body: { variantIds } }),
};

export const shirtVariantsApi = {
  create: (shirtId: number, body: ShirtVariantBodyInput) =>
    apiFetch<ShirtVariantAdminDto>(`/admin/articles/shirts/${shirtId}/variants`, { method: "POST", body }),
  update: (variantId: number, body: ShirtVariantBodyInput) =>
    apiFetch<ShirtVariantAdminDto>(`/admin/articles/shirts/variants/${variantId}`, { method: "PUT", body }),
  remove: (variantId: number) => apiFetch<unknown>(`/admin/articles/shirts/variants/${variantId}`, { method: "DELETE" }),
};
