import "server-only";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { images, prompts, type Image } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { intakeImage, sniffImageType } from "@/lib/integrations/images/intake";
import { env } from "@/lib/env";
import type { Viewer } from "@/lib/request-context/viewer";
import type { ImageDto } from "@/lib/schemas/images";
import { USER_IMAGE_TYPES, type ListUserImagesQuery, type UserImageDetailDto, type UserImageDto } from "@/lib/schemas/user-images";
import { largestPrintBox } from "./print-sizes";
import { consume, release } from "@/lib/services/rate-limit";
import { deleteImage } from "./delete";
import { assertEditStorageRoom, networkTag } from "./edit-storage";
import { imageUrl, storeProcessedImage, toImageDto } from "./store";

const ownedBy = (viewer: Viewer) => and(eq(images.ownerId, viewer.user.id), inArray(images.type, USER_IMAGE_TYPES));

const typeRank = sql`case ${images.type} when 'UPLOADED' then 0 when 'GENERATED' then 1 else 2 end`;

export async function listUserImages(viewer: Viewer, query: ListUserImagesQuery): Promise<UserImageDto[]> {
  const db = await getDb();
  const byDate = query.order === "asc" ? asc : desc;
  const orderBy: SQL[] = [byDate(images.createdAt), byDate(images.id)];
  if (query.sort === "type") orderBy.unshift(asc(typeRank));
  const rows = await db
    .select({
      id: images.id,
      type: images.type,
      createdAt: images.createdAt,
      sizeBytes: images.sizeBytes,
      width: images.width,
      height: images.height,
      promptTitle: prompts.title,
    })
    .from(images)
    .leftJoin(prompts, eq(prompts.id, images.promptId))
    .where(and(ownedBy(viewer), query.type ? eq(images.type, query.type) : undefined))
    .orderBy(...orderBy);
  return rows.flatMap((r) =>
    r.type === "CATALOGUE"
      ? []
      : [
          {
            id: r.id,
            type: r.type,
            url: imageUrl(r.id),
            createdAt: r.createdAt.toISOString(),
            sizeBytes: r.sizeBytes,
            width: r.width,
            height: r.height,
            promptTitle: r.promptTitle,
          },
        ],
  );
}

/** Anybody else's, even for an admin, answers 404 like an unknown id. */
export async function getUserImageOrThrow(imageId: number, viewer: Viewer): Promise<Image> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), ownedBy(viewer)));
  if (!row) throw notFound();
  return row;
}

export async function getUserImageDetail(imageId: number, viewer: Viewer): Promise<UserImageDetailDto> {
  const row = await getUserImageOrThrow(imageId, viewer);
  if (row.type === "CATALOGUE") throw notFound();
  const db = await getDb();
  const [prompt] = row.promptId ? await db.select({ title: prompts.title }).from(prompts).where(eq(prompts.id, row.promptId)) : [];
  return {
    id: row.id,
    type: row.type,
    url: imageUrl(row.id),
    createdAt: row.createdAt.toISOString(),
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    promptId: row.promptId,
    promptTitle: prompt?.title ?? null,
  };
}

export async function deleteUserImage(imageId: number, viewer: Viewer): Promise<void> {
  if (!(await deleteImage(imageId, ownedBy(viewer)))) throw notFound();
}

export async function getOwnedGeneratedImageOrThrow(imageId: number, viewer: Viewer): Promise<Image> {
  const row = await getUserImageOrThrow(imageId, viewer);
  if (row.type !== "GENERATED")
    throw new ApiError(422, "errors.validationFailed", { generatedImageId: "validation.generatedImageRequired" });
  return row;
}

/** Kept as PNG because edits may carry transparency. */
export async function storeEditedImage(viewer: Viewer, generatedImageId: number, bytes: Buffer, clientNetwork: string): Promise<ImageDto> {
  const source = await getOwnedGeneratedImageOrThrow(generatedImageId, viewer);
  if (sniffImageType(bytes) !== "png") throw new ApiError(415, "errors.editedImageNotPng");
  const { EDITED_IMAGES_PER_HOUR } = env();
  // Counted before the image is decoded, so a caller over the limit costs no decoding.
  const window = { key: `edited-images:user:${viewer.user.id}`, windowSeconds: HOUR };
  const attempt = await consume({ ...window, limit: EDITED_IMAGES_PER_HOUR });
  if (!attempt.allowed) throw new ApiError(429, "errors.rateLimitEditedImages", undefined, { retryAfter: attempt.retryAfter });
  try {
    const processed = await intakeImage(bytes, { use: "edited", format: "png", coverBox: await largestPrintBox() });
    const owner = { userId: viewer.user.id, networkTag: networkTag(clientNetwork) };
    await assertEditStorageRoom(owner, processed.data.length);
    const row = await storeProcessedImage(processed, {
      type: "EDITED",
      ownerId: viewer.user.id,
      promptId: source.promptId,
      sourceImageId: source.id,
      clientNetwork: owner.networkTag,
    });
    try {
      await assertEditStorageRoom(owner, 0);
    } catch (err) {
      await deleteImage(row.id);
      throw err;
    }
    return toImageDto(row);
  } catch (err) {
    await release(window);
    throw err;
  }
}

const HOUR = 3600;
