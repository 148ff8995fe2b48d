import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  articles,
  generations,
  images,
  mugDetails,
  orderItems,
  prompts,
  type Generation,
  type Image,
  type OrderItem,
  type Prompt,
} from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { ProductionSheet } from "@/lib/schemas/admin-orders";
import { coverFit, printPlan } from "@/lib/domain/print-fit";
import { MIN_PRINT_DPI } from "@/lib/schemas/print";
import { imageUrl, readImageBytesOrThrow } from "../../images";
import { renderPrintFile, type PrintPdf } from "../../print";
import type { Queryable } from "../dto";

/**
 * At or above this effective resolution a design prints well ("ok"); from MIN_PRINT_DPI (150, the
 * print PDF's x-print-dpi-ok header turns false below it: "too_low") up to here it is "low".
 */
export const GOOD_PRINT_DPI = 200;

export interface PrintArea {
  articleId: number;
  articleNumber: string | null;
  templateWidthMm: number;
  templateHeightMm: number;
  documentWidthMm: number;
  documentHeightMm: number;
  bottomMarginMm: number;
}

/**
 * The effective DPI of an image of width × height pixels cover-fitted into the print area: exactly
 * the number fitPrintImage (lib/services/print.ts) computes and the print PDF sends as x-print-dpi,
 * but from the stored dimensions (stored images are already upright), without reading the file.
 */
export function effectivePrintDpi(width: number, height: number, templateWidthMm: number, templateHeightMm: number): number {
  return coverFit(width, height, templateWidthMm, templateHeightMm).dpi;
}

export function dpiVerdict(dpi: number): "ok" | "low" | "too_low" {
  if (dpi < MIN_PRINT_DPI) return "too_low";
  return dpi < GOOD_PRINT_DPI ? "low" : "ok";
}

export const printPdfPath = (orderId: string, itemId: number) => `/api/admin/orders/${orderId}/items/${itemId}/print`;

async function printAreas(db: Queryable, articleIds: number[]): Promise<Map<number, PrintArea>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .select({
      articleId: mugDetails.articleId,
      articleNumber: articles.articleNumber,
      templateWidthMm: mugDetails.printTemplateWidthMm,
      templateHeightMm: mugDetails.printTemplateHeightMm,
      documentWidthMm: mugDetails.documentWidthMm,
      documentHeightMm: mugDetails.documentHeightMm,
      bottomMarginMm: mugDetails.documentBottomMarginMm,
    })
    .from(mugDetails)
    .innerJoin(articles, eq(articles.id, mugDetails.articleId))
    .where(inArray(mugDetails.articleId, articleIds));
  return new Map(rows.map((r) => [r.articleId, r]));
}

const unique = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];

/**
 * The production sheets of an order's lines in a handful of queries (whatever the number of lines):
 * the design image, the generation that made it (via images.generationId; for an edited design, the
 * generation of the image it was edited from), the customer's source photo, the prompt, the mug's
 * print area and the DPI verdict. Image URLs are /api/images/{id}, which admins may open for any image.
 */
export async function productionSheets(
  db: Queryable,
  orderId: string,
  items: OrderItem[],
  locale: Locale,
): Promise<Map<number, ProductionSheet>> {
  const designs = await imagesById(db, unique(items.map((i) => i.imageId)));
  // An edited design points at the generated image it came from; that one carries the generation.
  const parents = await imagesById(db, unique([...designs.values()].map((d) => d.sourceImageId)));
  const parentOf = (design: Image | undefined) =>
    design?.sourceImageId == null ? undefined : (designs.get(design.sourceImageId) ?? parents.get(design.sourceImageId));
  const generationOf = (design: Image | undefined): number | null => design?.generationId ?? parentOf(design)?.generationId ?? null;
  const generationIds = unique(items.map((i) => generationOf(i.imageId === null ? undefined : designs.get(i.imageId))));
  const [generationRows, areas] = await Promise.all([
    generationIds.length
      ? db.select().from(generations).where(inArray(generations.id, generationIds))
      : Promise.resolve([] as Generation[]),
    printAreas(db, unique(items.map((i) => i.articleId))),
  ]);
  const gens = new Map(generationRows.map((g) => [g.id, g]));
  const promptIds = unique(
    items.flatMap((i) => {
      const design = i.imageId === null ? undefined : designs.get(i.imageId);
      const gen = gens.get(generationOf(design) ?? -1);
      return [i.promptId, gen?.promptId, design?.promptId];
    }),
  );
  const promptRows = promptIds.length ? await db.select().from(prompts).where(inArray(prompts.id, promptIds)) : ([] as Prompt[]);
  const promptById = new Map(promptRows.map((p) => [p.id, p]));

  const sheets = new Map<number, ProductionSheet>();
  for (const item of items) {
    const design = item.imageId === null ? undefined : designs.get(item.imageId);
    const gen = gens.get(generationOf(design) ?? -1);
    const prompt = promptById.get(item.promptId ?? gen?.promptId ?? design?.promptId ?? -1);
    const area = item.articleId === null ? undefined : areas.get(item.articleId);
    // The generation's photo (null once the customer deleted it); without a generation, an uploaded parent image.
    const parent = parentOf(design);
    const sourceId = gen ? gen.sourceImageId : parent?.type === "UPLOADED" ? parent.id : null;
    const plan = design && area ? printPlan(design.width, design.height, area.templateWidthMm, area.templateHeightMm) : null;
    sheets.set(item.id, {
      sourceImageUrl: sourceId ? imageUrl(sourceId) : null,
      designImageUrl: design ? imageUrl(design.id) : null,
      designWidth: design?.width ?? null,
      designHeight: design?.height ?? null,
      promptTitle: prompt ? localized(locale, prompt.title, prompt.titleDe) : null,
      promptText: gen?.promptText ?? null,
      provider: gen?.provider ?? null,
      model: gen?.model ?? null,
      generationCostCents: gen?.costMicroCents == null ? null : gen.costMicroCents / 1_000_000,
      printPdfUrl: design && area ? printPdfPath(orderId, item.id) : null,
      dpi: plan === null ? null : { effectiveDpi: plan.sourceDpi, verdict: dpiVerdict(plan.sourceDpi) },
      print:
        plan === null
          ? null
          : {
              sourceDpi: plan.sourceDpi,
              width: plan.width,
              height: plan.height,
              dpi: plan.printDpi,
              upscale: plan.upscale,
              templateWidthMm: area?.templateWidthMm ?? 0,
              templateHeightMm: area?.templateHeightMm ?? 0,
            },
    });
  }
  return sheets;
}

async function imagesById(db: Queryable, ids: number[]): Promise<Map<number, Image>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(images).where(inArray(images.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * GET /api/admin/orders/{orderId}/items/{itemId}/print: the print PDF of an order line in its mug's
 * document format (the mug as it is now, active or not). 404 when the line is not of that order,
 * has no design or is not a mug.
 */
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
  return renderPrintFile(source, { ...area, label: area.articleNumber ?? `mug-${area.articleId}`, suffix: `line-${itemId}` });
}
