import { apiFetch } from "./fetcher";
import type { AdminMailDto } from "@/lib/schemas/admin-orders";

export const adminMailApi = {
  /** Queues a copy of the mail and sends it; the answer is the copy (sent, or failed with its retry planned). */
  resend: (mailId: number) => apiFetch<AdminMailDto>(`/admin/mail/${mailId}/resend`, { method: "POST" }),
};
