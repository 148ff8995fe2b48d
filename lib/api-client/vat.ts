import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "./fetcher";
import type { VatBodyInput, VatRateDto } from "@/lib/schemas/vat";
import type { TaxSettingsBody } from "@/lib/schemas/tax-settings";

export const vatKeys = { all: ["admin", "vat"] as const };

export const vatQueries = {
  list: () => queryOptions({ queryKey: vatKeys.all, queryFn: ({ signal }) => apiFetch<VatRateDto[]>("/admin/vat", { signal }) }),
};

export const vatApi = {
  create: (body: VatBodyInput) => apiFetch<VatRateDto>("/admin/vat", { method: "POST", body }),
  update: (id: number, body: VatBodyInput) => apiFetch<VatRateDto>(`/admin/vat/${id}`, { method: "PUT", body }),
  setDefault: (id: number) => apiFetch<VatRateDto>(`/admin/vat/${id}/default`, { method: "PUT" }),
  setTaxSettings: (body: TaxSettingsBody) => apiFetch<TaxSettingsBody>("/admin/settings/tax", { method: "PUT", body }),
  remove: (id: number) => apiFetch<{ deleted: VatRateDto; defaultRequired: boolean }>(`/admin/vat/${id}`, { method: "DELETE" }),
};
