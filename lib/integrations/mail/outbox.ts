import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/lib/env";
import { composeRfc822 } from "./compose";
import type { MailEnvelope, MailTransport } from "./types";

export function outboxDir(): string {
  return path.join(dataDir(), "outbox");
}

export function createOutboxTransport(): MailTransport {
  return {
    name: "outbox",
    async deliver(message: MailEnvelope): Promise<void> {
      const dir = outboxDir();
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z");
      const file = path.join(dir, `${stamp}-${String(message.id).padStart(6, "0")}.eml`);
      const temp = `${file}.tmp`;
      // Written under a temporary name and renamed: a reader never sees half a message.
      await fs.writeFile(temp, await composeRfc822(message));
      await fs.rename(temp, file);
    },
  };
}

/** Delivered copies hold the address and working links, unlike the recorded mail. */
export async function deleteOutboxCopies(mailIds: readonly number[]): Promise<void> {
  if (mailIds.length === 0) return;
  const dir = outboxDir();
  const names = await fs.readdir(dir).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [] as string[];
    throw err;
  });
  // The dash before the id keeps mail 1234 from matching mail 11234.
  const suffixes = new Set(mailIds.map((id) => `-${String(id).padStart(6, "0")}.eml`));
  const copies = names.filter((name) => suffixes.has(name.slice(name.lastIndexOf("-"))));
  await Promise.all(copies.map((name) => fs.rm(path.join(dir, name), { force: true })));
}
