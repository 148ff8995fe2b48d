import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { articles, mugDetails } from "@/db/schema";
import { ApiError } from "@/lib/errors";

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
