import { apiFetch } from "./fetcher";
import type { BrandBodyInput, BrandDto } from "@/lib/schemas/brand";

export const brandApi = {
  get: () => apiFetch<BrandDto>("/admin/settings/brand"),
  save: (body: BrandBodyInput) => apiFetch<BrandDto>("/admin/settings/brand", { method: "PUT", body }),
  uploadLogo: (file: Blob) => {
    const form = new FormData();
    form.set("file", file);
    return apiFetch<BrandDto>("/admin/settings/brand/logo", { method: "POST", body: form });
  },
  deleteLogo: () => apiFetch<BrandDto>("/admin/settings/brand/logo", { method: "DELETE" }),
};
