import { apiFetch } from "./fetcher";
import type { SupplierBodyInput, SupplierDto } from "@/lib/schemas/suppliers";

export const suppliersApi = {
  create: (body: SupplierBodyInput) => apiFetch<SupplierDto>("/admin/suppliers", { method: "POST", body }),
  update: (id: number, body: SupplierBodyInput) => apiFetch<SupplierDto>(`/admin/suppliers/${id}`, { method: "PUT", body }),
  remove: (id: number) => apiFetch<{ deleted: SupplierDto }>(`/admin/suppliers/${id}`, { method: "DELETE" }),
};
