import "server-only";
import { inArray, isNull, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mugMockups } from "@/db/schema";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/integrations/storage";
import { deleteThumbnails } from "../thumbnails";
import { mockupFileKeys } from "./keys";

export async function deleteMockupFileSet(rows: readonly { id: number; imageStorageKey: string; fingerprint: string }[]): Promise<void> {
  const storage = getStorage();
  await Promise.all(
    rows.flatMap(mockupFileKeys).map(async (key) => {
      await storage.delete(key).catch((err: unknown) => logger.warn("could not delete a mockup", { key, err }));
      await deleteThumbnails(key);
    }),
  );
}

export async function deleteMockupsOfDesigns(imageStorageKeys: readonly string[]): Promise<number> {
  if (imageStorageKeys.length === 0) return 0;
  const db = await getDb();
  const gone = await db
    .delete(mugMockups)
    .where(inArray(mugMockups.imageStorageKey, [...imageStorageKeys]))
    .returning({ id: mugMockups.id, imageStorageKey: mugMockups.imageStorageKey, fingerprint: mugMockups.fingerprint });
  await deleteMockupFileSet(gone);
  return gone.length;
}

export async function deleteOrphanedMockups(limit = 200): Promise<number> {
  const db = await getDb();
  const orphans = await db
    .select({ id: mugMockups.id })
    .from(mugMockups)
    .where(or(isNull(mugMockups.imageId), isNull(mugMockups.mugVariantId)))
    .limit(limit);
  if (orphans.length === 0) return 0;
  const gone = await db
    .delete(mugMockups)
    .where(
      inArray(
        mugMockups.id,
        orphans.map((o) => o.id),
      ),
    )
    .returning({ id: mugMockups.id, imageStorageKey: mugMockups.imageStorageKey, fingerprint: mugMockups.fingerprint });
  await deleteMockupFileSet(gone);
  return gone.length;
}
