import "server-only";
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { images, mugDetails, mugMockups, mugVariants, type MugMockup } from "@/db/schema";
import { logger } from "@/lib/logger";
import { runAfterResponse } from "@/lib/request-context/after-response";
import { getStorage } from "@/lib/integrations/storage";
import { renderMockups } from "@/lib/integrations/images/mockup";
import { MOCKUP_VIEWS, type MockupMug } from "@/lib/domain/mug-mockup";
import { deleteMockupFileSet } from "./delete";
import { mockupFileKey, mockupFingerprint } from "./keys";

export interface MockupSubject {
  imageId: number;
  imageStorageKey: string;
  variantId: number;
  mug: MockupMug;
  outsideColor: string;
  insideColor: string;
}

export const MOCKUP_MAX_ATTEMPTS = 3;
/** A render takes well under a second: a row pending this long lost its process and is taken over. */
export const MOCKUP_STALE_PENDING_MS = 5 * 60_000;

type RowState = Pick<MugMockup, "status" | "fingerprint" | "attempts" | "updatedAt">;

export function mockupDue(row: RowState | undefined, fingerprint: string, now = Date.now()): boolean {
  if (!row || row.fingerprint !== fingerprint) return true;
  if (row.status === "failed") return row.attempts < MOCKUP_MAX_ATTEMPTS;
  if (row.status === "pending") return row.updatedAt.getTime() < now - MOCKUP_STALE_PENDING_MS;
  return false;
}

export const subjectFingerprint = (s: Pick<MockupSubject, "mug" | "outsideColor" | "insideColor">) =>
  mockupFingerprint(s.mug, s.outsideColor, s.insideColor);

const pairOf = (imageId: number, variantId: number) => and(eq(mugMockups.imageId, imageId), eq(mugMockups.mugVariantId, variantId));

async function claim(db: Db, s: MockupSubject, fingerprint: string): Promise<{ row: MugMockup; previous: MugMockup | null } | null> {
  const [seen] = await db.select().from(mugMockups).where(pairOf(s.imageId, s.variantId));
  if (!mockupDue(seen, fingerprint)) return null;
  if (!seen) {
    const [row] = await db
      .insert(mugMockups)
      .values({ imageId: s.imageId, mugVariantId: s.variantId, imageStorageKey: s.imageStorageKey, fingerprint, status: "pending" })
      .onConflictDoNothing()
      .returning();
    return row ? { row, previous: null } : null;
  }
  const changed = seen.fingerprint !== fingerprint;
  const [row] = await db
    .update(mugMockups)
    .set({ fingerprint, status: "pending", error: null, ...(changed ? { attempts: 0 } : {}) })
    .where(
      and(
        eq(mugMockups.id, seen.id),
        eq(mugMockups.status, seen.status),
        eq(mugMockups.fingerprint, seen.fingerprint),
        eq(mugMockups.attempts, seen.attempts),
      ),
    )
    .returning();
  return row ? { row, previous: changed && seen.status === "ready" ? seen : null } : null;
}

// Renders under way in this process, by design and variant: two cart reads at once start one render.
const inFlight = ((globalThis as { __mockupRenders?: Map<string, Promise<string>> }).__mockupRenders ??= new Map());

/** Never throws: a failure is recorded on the row, and the next cart read or the scheduled job tries again. */
export function makeMockups(s: MockupSubject): Promise<"ready" | "failed" | "skipped"> {
  const key = `${s.imageId}:${s.variantId}`;
  const running = inFlight.get(key);
  if (running) return running.then(() => "skipped" as const);
  const work = makeNow(s).finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

async function makeNow(s: MockupSubject): Promise<"ready" | "failed" | "skipped"> {
  const fingerprint = subjectFingerprint(s);
  const db = await getDb();
  const claimed = await claim(db, s, fingerprint).catch((err: unknown) => {
    logger.warn("could not claim a mockup render", { imageId: s.imageId, variantId: s.variantId, err });
    return null;
  });
  if (!claimed) return "skipped";
  const { row } = claimed;
  const keys = MOCKUP_VIEWS.map((view) => mockupFileKey(s.imageStorageKey, row.id, fingerprint, view));
  const storage = getStorage();
  try {
    const design = await storage.get(s.imageStorageKey);
    if (!design) throw new Error("the design's file is missing");
    const made = await renderMockups({ design, mug: s.mug, outsideColor: s.outsideColor, insideColor: s.insideColor });
    await Promise.all(MOCKUP_VIEWS.map((view, i) => storage.put(keys[i] ?? "", made[view], "image/jpeg")));
    const [done] = await db
      .update(mugMockups)
      .set({ status: "ready", error: null })
      .where(and(eq(mugMockups.id, row.id), eq(mugMockups.fingerprint, fingerprint), isNotNull(mugMockups.imageId)))
      .returning({ id: mugMockups.id });
    // The design was deleted (or the colours changed again) while rendering: these files belong to nobody.
    if (!done) await deleteMockupFileSet([{ id: row.id, imageStorageKey: s.imageStorageKey, fingerprint }]);
    if (claimed.previous) await deleteMockupFileSet([claimed.previous]);
    return done ? "ready" : "skipped";
  } catch (err) {
    logger.warn("mockup render failed", { imageId: s.imageId, variantId: s.variantId, attempt: row.attempts + 1, err });
    await db
      .update(mugMockups)
      .set({
        status: "failed",
        attempts: sql`${mugMockups.attempts} + 1`,
        error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      })
      .where(and(eq(mugMockups.id, row.id), eq(mugMockups.fingerprint, fingerprint)))
      .catch((updateErr: unknown) => logger.warn("could not record a failed mockup", { id: row.id, err: updateErr }));
    return "failed";
  }
}

export interface MockupPair {
  imageId: number;
  variantId: number;
}

export async function mockupSubjects(db: Db, pairs: readonly MockupPair[]): Promise<MockupSubject[]> {
  if (pairs.length === 0) return [];
  const [imageRows, variantRows] = await Promise.all([
    db
      .select({ id: images.id, storageKey: images.storageKey })
      .from(images)
      .where(inArray(images.id, [...new Set(pairs.map((p) => p.imageId))])),
    db
      .select({
        id: mugVariants.id,
        outsideColor: mugVariants.outsideColorCode,
        insideColor: mugVariants.insideColorCode,
        mug: {
          diameterMm: mugDetails.diameterMm,
          heightMm: mugDetails.heightMm,
          printTemplateWidthMm: mugDetails.printTemplateWidthMm,
          printTemplateHeightMm: mugDetails.printTemplateHeightMm,
          documentBottomMarginMm: mugDetails.documentBottomMarginMm,
        },
      })
      .from(mugVariants)
      .innerJoin(mugDetails, eq(mugDetails.articleId, mugVariants.articleId))
      .where(inArray(mugVariants.id, [...new Set(pairs.map((p) => p.variantId))])),
  ]);
  const storageKeys = new Map(imageRows.map((r) => [r.id, r.storageKey]));
  const variants = new Map(variantRows.map((r) => [r.id, r]));
  return pairs.flatMap((p) => {
    const imageStorageKey = storageKeys.get(p.imageId);
    const v = variants.get(p.variantId);
    return imageStorageKey && v
      ? [
          {
            imageId: p.imageId,
            imageStorageKey,
            variantId: p.variantId,
            mug: v.mug,
            outsideColor: v.outsideColor,
            insideColor: v.insideColor,
          },
        ]
      : [];
  });
}

export function makeMockupsAfterResponse(pairs: readonly MockupPair[]): void {
  if (pairs.length === 0) return;
  runAfterResponse("mockups", async () => {
    for (const subject of await mockupSubjects(await getDb(), pairs)) await makeMockups(subject);
  });
}

export async function retryDueMockups(limit = 20, now = new Date()): Promise<{ ready: number; failed: number }> {
  const db = await getDb();
  const due = await db
    .select({ imageId: mugMockups.imageId, variantId: mugMockups.mugVariantId })
    .from(mugMockups)
    .where(
      and(
        isNotNull(mugMockups.imageId),
        isNotNull(mugMockups.mugVariantId),
        or(
          and(eq(mugMockups.status, "failed"), lt(mugMockups.attempts, MOCKUP_MAX_ATTEMPTS)),
          and(eq(mugMockups.status, "pending"), lt(mugMockups.updatedAt, new Date(now.getTime() - MOCKUP_STALE_PENDING_MS))),
        ),
      ),
    )
    .orderBy(mugMockups.updatedAt)
    .limit(limit);
  const pairs = due.flatMap((d) => (d.imageId !== null && d.variantId !== null ? [{ imageId: d.imageId, variantId: d.variantId }] : []));
  const counts = { ready: 0, failed: 0 };
  for (const subject of await mockupSubjects(db, pairs)) {
    const outcome = await makeMockups(subject);
    if (outcome !== "skipped") counts[outcome]++;
  }
  return counts;
}
