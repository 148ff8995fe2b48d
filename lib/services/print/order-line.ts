import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, orderItems, orders } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { readImageBytesOrThrow } from "@/lib/services/images/access";
import { renderPrintFile, type PrintPdf } from "./pdf";
import { printAreas } from "./templates";

export async function orderLinePrintPdf(orderId: string, itemId: number): Promise<PrintPdf> {
  const db = await getDb();
  const lines = await db
    .select({ item: orderItems, image: images, orderNumber: orders.orderNumber })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(images, eq(images.id, orderItems.imageId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const index = lines.findIndex((l) => l.item.id === itemId);
  const line = lines[index];
  if (!line?.item.articleId || !line.image) throw notFound();
  const area = (await printAreas(db, [line.item.articleId])).get(line.item.articleId);
  if (!area) throw notFound();
  const image = line.image;
  const source = { storageKey: image.storageKey, width: image.width, height: image.height, read: () => readImageBytesOrThrow(image) };
  const pdf = await renderPrintFile(source, area);
  return { ...pdf, filename: orderLinePrintFileName(line.orderNumber, index + 1, pdf.filename) };
}

export function orderLinePrintFileName(orderNumber: string, lineNumber: number, printName: string): string {
  const safe = orderNumber.replace(/[^A-Za-z0-9._-]/g, "_");
  return `${safe}-line-${lineNumber}-${printName}`;
}
