import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { articles, mugDetails } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { printPixelSize } from "@/lib/domain/print-fit";

export interface PrintArea {
  articleId: number;
  articleNumber: string | null;
  templateWidthMm: number;
  templateHeightMm: number;
  documentWidthMm: number;
  documentHeightMm: number;
  bottomMarginMm: number;
}

const areaColumns = {
  articleId: mugDetails.articleId,
  articleNumber: articles.articleNumber,
  templateWidthMm: mugDetails.printTemplateWidthMm,
  templateHeightMm: mugDetails.printTemplateHeightMm,
  documentWidthMm: mugDetails.documentWidthMm,
  documentHeightMm: mugDetails.documentHeightMm,
  bottomMarginMm: mugDetails.documentBottomMarginMm,
};

export async function printAreas(db: Db | Tx, articleIds: number[]): Promise<Map<number, PrintArea>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .select(areaColumns)
    .from(mugDetails)
    .innerJoin(articles, eq(articles.id, mugDetails.articleId))
    .where(inArray(mugDetails.articleId, articleIds));
  return new Map(rows.map((r) => [r.articleId, r]));
}

export async function printableMugOrThrow(mugId: number): Promise<PrintArea> {
  const db = await getDb();
  const [row] = await db
    .select(areaColumns)
    .from(articles)
    .innerJoin(mugDetails, eq(mugDetails.articleId, articles.id))
    .where(and(eq(articles.id, mugId), eq(articles.type, "MUG"), eq(articles.active, true)));
  if (!row) throw new ApiError(404, "errors.invalidMugId");
  return row;
}

export async function templatePixelSizes(): Promise<{ width: number; height: number }[]> {
  const db = await getDb();
  const templates = await db
    .selectDistinct({ width: mugDetails.printTemplateWidthMm, height: mugDetails.printTemplateHeightMm })
    .from(mugDetails);
  return templates.map((t) => printPixelSize(Number(t.width), Number(t.height)));
}

/** An edit covering this box prints at full resolution on any mug. */
export async function largestPrintBox(): Promise<{ width: number; height: number }> {
  const sizes = await templatePixelSizes();
  // Without any mug there is no print size to keep: the intake's pixel limit still holds.
  if (sizes.length === 0) return { width: Number.MAX_SAFE_INTEGER, height: Number.MAX_SAFE_INTEGER };
  return { width: Math.max(...sizes.map((s) => s.width)), height: Math.max(...sizes.map((s) => s.height)) };
}
