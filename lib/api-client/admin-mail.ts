import { apiFetch } from "./fetcher";
import type { AdminMailDto } from "@/lib/schemas/admin-orders";

export const adminMailApi = {
  resend: (mailId: number) => apiFetch<AdminMailDto>(`/admin/mail/${mailId}/resend`, { method: "POST" }),
};
