import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { images, mugVariants, prompts } from "@/db/schema";
import { MUG_ARTICLE, PROMPTS } from "@/db/seed-data";
import { type RenderedImage, renderMugVariantExample, renderPromptExample } from "./example-art";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import { need } from "./keyed";

interface ImageJob {
  render: () => Promise<RenderedImage>;
  attach: (imageId: number) => Promise<unknown>;
}

export async function seedExampleImages(tx: Tx, mugArticleId: number, onWritten: (key: string) => void): Promise<void> {
  const promptRows = await tx
    .select({ id: prompts.id, promptNumber: prompts.promptNumber })
    .from(prompts)
    .where(
      and(
        inArray(
          prompts.promptNumber,
          PROMPTS.map((p) => p.promptNumber),
        ),
        isNull(prompts.exampleImageId),
      ),
    );
  const variantRows = await tx
    .select({ id: mugVariants.id, name: mugVariants.name })
    .from(mugVariants)
    .where(
      and(
        eq(mugVariants.articleId, mugArticleId),
        inArray(
          mugVariants.name,
          MUG_ARTICLE.variants.map((v) => v.name),
        ),
        isNull(mugVariants.exampleImageId),
      ),
    );

  const jobs: ImageJob[] = [];
  for (const row of promptRows) {
    const seed = PROMPTS.find((p) => p.promptNumber === row.promptNumber);
    if (!seed) continue;
    jobs.push({
      render: () => renderPromptExample(seed.styleText, seed.art),
      attach: (imageId) => tx.update(prompts).set({ exampleImageId: imageId }).where(eq(prompts.id, row.id)),
    });
  }
  for (const row of variantRows) {
    const variant = MUG_ARTICLE.variants.find((v) => v.name === row.name);
    if (!variant) continue;
    jobs.push({
      render: () => renderMugVariantExample(variant.inside, variant.outside),
      attach: (imageId) => tx.update(mugVariants).set({ exampleImageId: imageId }).where(eq(mugVariants.id, row.id)),
    });
  }
  if (jobs.length === 0) return;

  const storage = getStorage();
  const rendered = await Promise.all(jobs.map(async (job) => ({ job, image: await job.render() })));
  const stored = rendered.map((r) => ({ ...r, storageKey: newStorageKey("catalogue", "webp") }));
  stored.forEach((s) => onWritten(s.storageKey));
  // allSettled: every write has finished before a failure propagates and the cleanup runs.
  const writes = await Promise.allSettled(stored.map((s) => storage.put(s.storageKey, s.image.buffer, s.image.mimeType)));
  const failed = writes.find((w) => w.status === "rejected");
  if (failed) throw failed.reason;
  const inserted = await tx
    .insert(images)
    .values(
      stored.map(({ image, storageKey }) => ({
        type: "CATALOGUE" as const,
        ownerId: null,
        storageKey,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        sizeBytes: image.buffer.length,
      })),
    )
    .returning({ id: images.id, storageKey: images.storageKey });
  const idByKey = new Map(inserted.map((row) => [row.storageKey, row.id]));
  for (const { job, storageKey } of stored) await job.attach(need(idByKey, storageKey));
}
