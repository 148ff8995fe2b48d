import { apiFetch } from "./fetcher";
import type { SellerSettingsBodyInput, SellerSettingsDto } from "@/lib/schemas/seller-settings";

export const settingsApi = {
  get: () => apiFetch<SellerSettingsDto>("/admin/settings"),
  save: (body: SellerSettingsBodyInput) => apiFetch<SellerSettingsDto>("/admin/settings", { method: "PUT", body }),
};
