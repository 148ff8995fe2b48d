import { getDb } from "@/db/client";
import { taxSettings } from "@/db/schema";

export async function setOss(ossEnabled: boolean): Promise<void> {
  await (
    await getDb()
  )
    .insert(taxSettings)
    .values({ id: 1, ossEnabled })
    .onConflictDoUpdate({ target: taxSettings.id, set: { ossEnabled } });
}
