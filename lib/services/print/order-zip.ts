import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { zipSync } from "fflate";
import { getDb } from "@/db/client";
import { orderItems, orders } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import type { FileData } from "@/lib/request-context/file-data";
import { orderLinePrintPdf } from "./order-line";

/** Stored, not deflated: the PDFs inside are compressed already. */
export async function ordersPrintZip(orderIds: readonly string[]): Promise<FileData> {
  const db = await getDb();
  const lines = await db
    .select({ orderId: orderItems.orderId, itemId: orderItems.id, orderNumber: orders.orderNumber })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.orderId, [...orderIds]), isNotNull(orderItems.imageId), isNotNull(orderItems.articleId)))
    .orderBy(asc(orders.orderNumber), asc(orderItems.id));
  if (lines.length === 0) throw notFound();
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const line of lines) {
    try {
      const pdf = await orderLinePrintPdf(line.orderId, line.itemId);
      files[pdf.filename] = [new Uint8Array(pdf.pdf), { level: 0 }];
    } catch (error) {
      // A mug deleted since the order has no print area: the others still print.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  if (Object.keys(files).length === 0) throw notFound();
  const numbers = [...new Set(lines.map((l) => l.orderNumber))];
  const name = numbers.length === 1 ? `${numbers[0]}-print.zip` : `print-${numbers[0]}-${numbers.at(-1)}.zip`;
  return {
    contentType: "application/zip",
    body: zipSync(files),
    fileName: name.replace(/[^A-Za-z0-9._-]/g, "_"),
    cache: "private-no-store",
  };
}
