import { apiFetch } from "./fetcher";
import type { DiscountCodeBodyInput, DiscountCodeDto } from "@/lib/schemas/discounts";

export const discountCodesApi = {
  create: (body: DiscountCodeBodyInput) => apiFetch<DiscountCodeDto>("/admin/discount-codes", { method: "POST", body }),
  update: (id: number, body: DiscountCodeBodyInput) => apiFetch<DiscountCodeDto>(`/admin/discount-codes/${id}`, { method: "PUT", body }),
  remove: (id: number) => apiFetch<{ deleted: DiscountCodeDto }>(`/admin/discount-codes/${id}`, { method: "DELETE" }),
};
