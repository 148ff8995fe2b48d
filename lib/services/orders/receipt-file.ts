import "server-only";
import { createHash } from "node:crypto";
import { logger } from "@/lib/logger";
import { renderReceiptPdf, type ReceiptPdfInput } from "@/lib/integrations/pdf/receipt";
import { getStorage } from "@/lib/integrations/storage";

// Two downloads of the same receipt at once render it once.
const inFlight = ((globalThis as { __receiptRenderings?: Map<string, Promise<Buffer>> }).__receiptRenderings ??= new Map());

/**
 * The key is derived from the receipt's content, so a repeated download renders nothing and a changed
 * receipt is a new file. Account erasure does not yet remove these files.
 */
export async function receiptPdfFile(orderId: string, input: ReceiptPdfInput): Promise<Buffer> {
  const digest = createHash("sha256").update(JSON.stringify(input)).digest("hex").slice(0, 32);
  const key = `receipts/${orderId}/${input.language}-${digest}.pdf`;
  const storage = getStorage();
  const stored = await storage.get(key);
  if (stored) return stored;
  let making = inFlight.get(key);
  if (!making) {
    making = (async () => {
      const pdf = await renderReceiptPdf(input);
      await storage
        .put(key, pdf, "application/pdf")
        .catch((err: unknown) => logger.warn("storing a receipt PDF failed", { orderId, key, err }));
      return pdf;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}
