import "server-only";
import { and, arrayContains, eq, exists, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  cartItems,
  generations,
  images,
  orderItems,
  orders,
  pendingRegistrations,
  staffInvitations,
  users,
  webhookEvents,
} from "@/db/schema";
import { logger } from "@/lib/logger";
import { purgeAuditLog } from "../audit/retention";
import { deleteImageFiles, deleteImages } from "../images";
import { forgetSessionUsers } from "../session-cache";

/** The periods are stated on the privacy page (messages legal.privacy): keep them in step. */

const DAY = 86_400_000;
export const RETENTION_DAYS = {
  anonymousImages: 7,
  editedImages: 30,
  guestAccounts: 30,
  webhookPayloads: 30,
  staffInvitations: 30,
} as const;
const BATCH = 200;
const MAX_BATCHES = 25;

export interface RetentionResult {
  anonymousImages: number;
  editedImages: number;
  guestAccounts: number;
  webhookPayloads: number;
  pendingRegistrations: number;
  staffInvitations: number;
  imageNetworks: number;
  auditRows: number;
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

function inUse(): SQL {
  const used = (id: SQL) =>
    sql`(exists (select 1 from ${cartItems} where ${cartItems.imageId} = ${id}) or exists (select 1 from ${orderItems} where ${orderItems.imageId} = ${id}))`;
  return sql`(${used(sql`${images.id}`)} or exists (select 1 from ${images} as "child" where "child"."source_image_id" = ${images.id} and ${used(sql.raw(`"child"."id"`))}))`;
}

async function purgeImages(where: SQL): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const due = await db.select({ id: images.id }).from(images).where(where).orderBy(images.id).limit(BATCH);
    if (due.length === 0) break;
    const deleted = await deleteImages(
      due.map((d) => d.id),
      sql`not exists (select 1 from ${orderItems} where ${orderItems.imageId} = ${images.id})`,
    );
    total += deleted;
    if (due.length < BATCH || deleted === 0) break;
  }
  return total;
}

async function purgeGuests(cutoff: Date): Promise<number> {
  const db = await getDb();
  const hasOrder = exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(eq(orders.userId, users.id)),
  );
  const idle = and(
    arrayContains(users.roles, ["guest"]),
    isNull(users.passwordHash),
    lt(users.createdAt, cutoff),
    lt(users.updatedAt, cutoff),
    not(hasOrder),
  );
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const gone = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: users.id })
        .from(users)
        .where(idle)
        .orderBy(users.id)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return { ids: [] as number[], keys: [] as string[], more: false };
      const ids = due.map((d) => d.id);
      const owned = await tx
        .select({ ownerId: images.ownerId, storageKey: images.storageKey })
        .from(images)
        .where(inArray(images.ownerId, ids));
      const ownGenerations = await tx
        .select({ id: generations.id, userId: generations.userId })
        .from(generations)
        .where(inArray(generations.userId, ids));
      // Checked again in the delete: an order placed meanwhile keeps the account.
      const deleted = await tx
        .delete(users)
        .where(and(inArray(users.id, ids), idle))
        .returning({ id: users.id });
      const deletedIds = new Set(deleted.map((d) => d.id));
      const generationIds = ownGenerations.filter((g) => g.userId !== null && deletedIds.has(g.userId)).map((g) => g.id);
      if (generationIds.length > 0) await tx.delete(generations).where(inArray(generations.id, generationIds));
      return {
        ids: [...deletedIds],
        keys: owned.filter((o) => o.ownerId !== null && deletedIds.has(o.ownerId)).map((o) => o.storageKey),
        more: due.length === BATCH,
      };
    });
    await deleteImageFiles(gone.keys);
    if (gone.ids.length > 0) await forgetSessionUsers(gone.ids);
    total += gone.ids.length;
    if (!gone.more) break;
  }
  return total;
}

async function purgeWebhookPayloads(cutoff: Date): Promise<number> {
  const db = await getDb();
  const emptied = await db
    .update(webhookEvents)
    .set({ payload: null })
    .where(and(isNotNull(webhookEvents.payload), lt(webhookEvents.receivedAt, cutoff)))
    .returning({ id: webhookEvents.id });
  return emptied.length;
}

async function purgePendingRegistrations(now: Date): Promise<number> {
  const gone = await (
    await getDb()
  )
    .delete(pendingRegistrations)
    .where(lt(pendingRegistrations.expiresAt, now))
    .returning({ id: pendingRegistrations.id });
  return gone.length;
}

async function purgeStaffInvitations(cutoff: Date): Promise<number> {
  const gone = await (
    await getDb()
  )
    .delete(staffInvitations)
    .where(or(lt(staffInvitations.acceptedAt, cutoff), and(isNull(staffInvitations.acceptedAt), lt(staffInvitations.expiresAt, cutoff))))
    .returning({ id: staffInvitations.id });
  return gone.length;
}

async function dropOrphanedImageNetworks(): Promise<number> {
  const db = await getDb();
  const cleared = await db
    .update(images)
    .set({ clientNetwork: null })
    .where(and(isNull(images.ownerId), isNotNull(images.clientNetwork)))
    .returning({ id: images.id });
  return cleared.length;
}

export async function runRetention(opts: { now?: Date } = {}): Promise<RetentionResult> {
  const now = opts.now ?? new Date();
  const anonymous = and(
    isNull(images.ownerId),
    isNotNull(images.accessKey),
    lt(images.createdAt, before(now, RETENTION_DAYS.anonymousImages)),
    not(inUse()),
  );
  const edited = and(
    eq(images.type, "EDITED"),
    isNotNull(images.ownerId),
    lt(images.createdAt, before(now, RETENTION_DAYS.editedImages)),
    not(inUse()),
  );
  const result: RetentionResult = {
    anonymousImages: await purgeImages(anonymous as SQL),
    editedImages: await purgeImages(edited as SQL),
    guestAccounts: await purgeGuests(before(now, RETENTION_DAYS.guestAccounts)),
    webhookPayloads: await purgeWebhookPayloads(before(now, RETENTION_DAYS.webhookPayloads)),
    pendingRegistrations: await purgePendingRegistrations(now),
    staffInvitations: await purgeStaffInvitations(before(now, RETENTION_DAYS.staffInvitations)),
    imageNetworks: await dropOrphanedImageNetworks(),
    auditRows: await purgeAuditLog(now),
  };
  if (Object.values(result).some((n) => n > 0)) logger.info("retention pass", { ...result });
  return result;
}
