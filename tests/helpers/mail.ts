import fs from "node:fs";
import path from "node:path";
import { dataDir } from "@/lib/env";
import { readableMail } from "./orders";

/**
 * What the outbox transport delivered for one outgoing_mail row ($DATA_DIR/outbox, the newest file of
 * that id), decoded enough to search: the links as the customer receives them. The stored row holds
 * placeholders instead of link tokens.
 */
export function deliveredMail(mailId: number): string {
  const dir = path.join(dataDir(), "outbox");
  const suffix = `-${String(mailId).padStart(6, "0")}.eml`;
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(suffix))
        .sort()
    : [];
  const newest = files[files.length - 1];
  if (!newest) throw new Error(`mail ${mailId} was not delivered to ${dir}`);
  return readableMail(fs.readFileSync(path.join(dir, newest), "utf8"));
}
