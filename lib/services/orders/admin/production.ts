import "server-only";
import { inArray } from "drizzle-orm";
import { generations, images, prompts, type Generation, type Image, type OrderItem, type Prompt } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { localized } from "@/lib/i18n/localized";
import type { ProductionSheet } from "@/lib/schemas/admin-orders";
import { dpiVerdict, printPlan } from "@/lib/domain/print-fit";
import { imageUrl } from "@/lib/services/images/store";
import { printAreas } from "@/lib/services/print/templates";
import { orderLineMockups } from "@/lib/services/images/mockups";
import { NO_MOCKUPS } from "@/lib/schemas/mockups";
import type { Queryable } from "../core/dto";

export const printPdfPath = (orderId: string, itemId: number) => `/api/admin/orders/${orderId}/items/${itemId}/print`;

const unique = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];

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
  const [generationRows, areas, mockups] = await Promise.all([
    generationIds.length
      ? db.select().from(generations).where(inArray(generations.id, generationIds))
      : Promise.resolve([] as Generation[]),
    printAreas(db, unique(items.map((i) => i.articleId))),
    orderLineMockups(db, items),
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
    const parent = parentOf(design);
    const sourceId = gen ? gen.sourceImageId : parent?.type === "UPLOADED" ? parent.id : null;
    const plan = design && area ? printPlan(design.width, design.height, area.templateWidthMm, area.templateHeightMm) : null;
    sheets.set(item.id, {
      sourceImageUrl: sourceId ? imageUrl(sourceId) : null,
      designImageUrl: design ? imageUrl(design.id) : null,
      mockups: mockups.get(item.id) ?? NO_MOCKUPS,
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
