import { apiFetch } from "./fetcher";
import type { ShippingSettingsDto, ShippingSettingsInput } from "@/lib/schemas/shipping";

export const shippingApi = {
  get: () => apiFetch<ShippingSettingsDto>("/admin/settings/shipping"),
  save: (body: ShippingSettingsInput) => apiFetch<ShippingSettingsDto>("/admin/settings/shipping", { method: "PUT", body }),
};
