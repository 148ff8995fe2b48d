import "server-only";
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders, receiptFiles } from "@/db/schema";
import { logger } from "@/lib/logger";
import { renderReceiptPdf, type ReceiptPdfInput } from "@/lib/integrations/pdf/receipt";
import { getStorage } from "@/lib/integrations/storage";
import type { Queryable } from "./core/dto";

const inFlight = ((globalThis as { __receiptRenderings?: Map<string, Promise<Buffer>> }).__receiptRenderings ??= new Map());

/** Keys are recorded before the file is written, so account erasure finds every file of an order. */
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
      await recordReceiptFile(orderId, key)
        .then(() => storage.put(key, pdf, "application/pdf"))
        .catch((err: unknown) => logger.warn("storing a receipt PDF failed", { orderId, key, err }));
      return pdf;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

async function recordReceiptFile(orderId: string, key: string): Promise<void> {
  const db = await getDb();
  const [order] = await db.select({ erased: orders.customerErasedAt }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.erased) throw new Error("the order is gone or its customer erased");
  await db.insert(receiptFiles).values({ orderId, key }).onConflictDoNothing();
}

export async function receiptFileKeys(db: Queryable, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ key: receiptFiles.key })
    .from(receiptFiles)
    .where(inArray(receiptFiles.orderId, [...orderIds]));
  return rows.map((r) => r.key);
}

export async function deleteReceiptFiles(keys: readonly string[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys) {
    await storage.delete(key).catch((err: unknown) => logger.warn("could not delete a receipt PDF", { key, err }));
  }
  if (keys.length)
    await (
      await getDb()
    )
      .delete(receiptFiles)
      .where(inArray(receiptFiles.key, [...keys]))
      .catch((err: unknown) => logger.warn("could not forget receipt PDFs", { err }));
}
