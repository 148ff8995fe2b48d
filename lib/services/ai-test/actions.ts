import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { generations, images, prompts } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { getStorage, newStorageKey } from "@/lib/integrations/storage";
import { intakeImage } from "@/lib/integrations/images/intake";
import { composePromptText } from "@/lib/domain/prompt-text";
import type { SaveTextsDto, UseAsExampleDto } from "@/lib/schemas/ai-test";
import { deleteCatalogueImageIfUnreferenced, removeFiles } from "../article-variants/shared";
import { invalidateCatalog } from "../catalog-cache";
import { imageUrl, readImageBytesOrThrow } from "../images";
import { getAiTestRunRow, readRunSettings } from "./runs";

const unknownPrompt = () => new ApiError(422, "errors.validationFailed", { promptId: "validation.unknownReference" });

/** The file is written before the transaction; the old example image goes after the commit when unused. */
export async function setResultAsExample(runId: number, generationId: number, promptId: number): Promise<UseAsExampleDto> {
  const db = await getDb();
  const [image] = await db
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .innerJoin(generations, eq(generations.id, images.generationId))
    .where(and(eq(images.generationId, generationId), eq(generations.testRunId, runId), eq(images.type, "GENERATED")))
    .orderBy(asc(images.id))
    .limit(1);
  if (!image) throw notFound();
  const [exists] = await db.select({ id: prompts.id }).from(prompts).where(eq(prompts.id, promptId));
  if (!exists) throw unknownPrompt();

  const processed = await intakeImage(await readImageBytesOrThrow(image), { use: "catalogue", format: "webp" });
  const key = newStorageKey("catalogue", processed.extension);
  await getStorage().put(key, processed.data, processed.mimeType);
  let outcome: { row: { id: number; width: number; height: number }; previous: number | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const [prompt] = await tx
        .select({ exampleImageId: prompts.exampleImageId })
        .from(prompts)
        .where(eq(prompts.id, promptId))
        .for("update");
      if (!prompt) throw unknownPrompt();
      const [row] = await tx
        .insert(images)
        .values({
          ownerId: null,
          accessKey: null,
          type: "CATALOGUE",
          storageKey: key,
          mimeType: processed.mimeType,
          width: processed.width,
          height: processed.height,
          sizeBytes: processed.data.length,
          promptId,
        })
        .returning({ id: images.id, width: images.width, height: images.height });
      if (!row) throw new Error("insert returned no row");
      await tx.update(prompts).set({ exampleImageId: row.id }).where(eq(prompts.id, promptId));
      return { row, previous: prompt.exampleImageId };
    });
  } catch (err) {
    await removeFiles([key]);
    throw err;
  }
  invalidateCatalog();
  if (outcome.previous !== null && outcome.previous !== outcome.row.id) await deleteCatalogueImageIfUnreferenced(outcome.previous);
  return {
    promptId,
    exampleImage: { id: outcome.row.id, url: imageUrl(outcome.row.id), width: outcome.row.width, height: outcome.row.height },
  };
}

export async function saveRunTextsToPrompt(runId: number, targetPromptId: number | undefined): Promise<SaveTextsDto> {
  const run = await getAiTestRunRow(runId);
  const promptId = targetPromptId ?? run.promptId;
  if (promptId === null) throw new ApiError(422, "errors.validationFailed", { promptId: "validation.required" });
  const settings = readRunSettings(run.settings);
  const styleText = composePromptText({
    masterPrompt: settings.masterPrompt,
    styleText: settings.styleText,
    slots: [],
    specificPrompt: settings.specificPrompt,
  });
  if (!styleText) throw new ApiError(422, "errors.validationFailed", { specificPrompt: "validation.testPromptRequired" });
  const db = await getDb();
  const [updated] = await db.update(prompts).set({ styleText }).where(eq(prompts.id, promptId)).returning({ id: prompts.id });
  if (!updated) throw unknownPrompt();
  invalidateCatalog();
  return { promptId, styleText };
}
