"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { receiptUrl } from "@/lib/api-client/orders";

/** The file name from Content-Disposition, else receipt-{number}.pdf. */
function fileName(res: Response, orderNumber: string): string {
  const header = res.headers.get("content-disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  const fallback = `receipt-${orderNumber}.pdf`;
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return fallback;
  }
}

/**
 * Downloads an order's PDF receipt (GET receiptUrl(id), cookies included) and saves it as a file;
 * toasts "Receipt downloaded" or "Receipt download failed" (spec section 8).
 */
export function useReceiptDownload() {
  const t = useTranslations("orders");
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(orderId: string, orderNumber: string): Promise<void> {
    setDownloading(orderId);
    try {
      const res = await fetch(receiptUrl(orderId), { credentials: "include", headers: { accept: "application/pdf" } });
      if (!res.ok || !(res.headers.get("content-type") ?? "").includes("application/pdf")) throw new Error(`status ${res.status}`);
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName(res, orderNumber);
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the URL is released.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t("receiptDownloaded"));
    } catch {
      toast.error(t("receiptFailed"));
    } finally {
      setDownloading(null);
    }
  }

  return { download, downloading };
}
