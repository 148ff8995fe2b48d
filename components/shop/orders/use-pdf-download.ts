"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";

function fileName(res: Response, fallback: string): string {
  const header = res.headers.get("content-disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return fallback;
  }
}

export interface PdfDownload {
  key: string;
  url: string;
  fallbackName: string;
  done: string;
  failed: string;
}

export function usePdfDownload() {
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(d: PdfDownload): Promise<void> {
    setDownloading(d.key);
    try {
      const res = await fetch(d.url, { credentials: "include", headers: { accept: "application/pdf" } });
      if (!res.ok || !(res.headers.get("content-type") ?? "").includes("application/pdf")) throw new Error(`status ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName(res, d.fallbackName);
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the URL is released.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(d.done);
    } catch {
      toast.error(d.failed);
    } finally {
      setDownloading(null);
    }
  }

  return { download, downloading };
}
