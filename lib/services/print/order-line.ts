import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, orderItems } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { readImageBytesOrThrow } from "@/lib/services/images/access";
import { renderPrintFile, type PrintPdf } from "./pdf";
import { printAreas } from "./templates";

/** The mug as it is now, active or not. */
export async function orderLinePrintPdf(orderId: string, itemId: number): Promise<PrintPdf> {
  const db = await getDb();
  const [line] = await db
    .select({ item: orderItems, image: images })
    .from(orderItems)
    .innerJoin(images, eq(images.id, orderItems.imageId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (!line?.item.articleId) throw notFound();
  const area = (await printAreas(db, [line.item.articleId])).get(line.item.articleId);
  if (!area) throw notFound();
  const image = line.image;
  const source = { storageKey: image.storageKey, width: image.width, height: image.height, read: () => readImageBytesOrThrow(image) };
  return renderPrintFile(source, area, `line-${itemId}`);
}
