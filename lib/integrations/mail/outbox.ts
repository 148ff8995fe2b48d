import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/lib/env";
import { composeRfc822 } from "./compose";
import type { MailEnvelope, MailTransport } from "./types";

/** $DATA_DIR/outbox: one .eml file (RFC 822) per message, for machines without an SMTP server. */
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
