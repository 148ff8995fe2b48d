import "server-only";
import { createHmac } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { authSecret, env } from "@/lib/env";

const MB = 1024 * 1024;

/** Stored instead of the network itself: equal networks still match, but a copy of the database names no address. */
export function networkTag(clientNetwork: string): string {
  return createHmac("sha256", authSecret()).update(`edited-images:${clientNetwork}`).digest("base64url").slice(0, 32);
}

export type EditStorageOwner = { userId: number; networkTag: string };

// Checked before storing and again after with 0: of two edits racing past a limit, neither stays.
export async function assertEditStorageRoom(owner: EditStorageOwner, addBytes: number): Promise<void> {
  const { USER_STORAGE_QUOTA_MB, EDITED_STORAGE_PER_NETWORK_MB, EDITED_STORAGE_TOTAL_MB } = env();
  const db = await getDb();
  const sumWhere = (condition: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${images.sizeBytes}) filter (where ${condition}), 0)`;
  const [used] = await db
    .select({
      account: sumWhere(sql`${images.ownerId} = ${owner.userId}`),
      network: sumWhere(sql`${images.clientNetwork} = ${owner.networkTag}`),
      total: sumWhere(sql`${images.type} = 'EDITED'`),
    })
    .from(images)
    .where(or(eq(images.ownerId, owner.userId), eq(images.clientNetwork, owner.networkTag), eq(images.type, "EDITED")));
  const over = (usedBytes: string | undefined, limitMb: number) => Number(usedBytes ?? 0) + addBytes > limitMb * MB;
  if (over(used?.account, USER_STORAGE_QUOTA_MB))
    throw new ApiError(413, "errors.storageQuotaExceeded", undefined, { quotaMb: USER_STORAGE_QUOTA_MB });
  if (over(used?.network, EDITED_STORAGE_PER_NETWORK_MB))
    throw new ApiError(413, "errors.networkStorageQuotaExceeded", undefined, { quotaMb: EDITED_STORAGE_PER_NETWORK_MB });
  if (over(used?.total, EDITED_STORAGE_TOTAL_MB)) throw new ApiError(413, "errors.editedStorageFull");
}
