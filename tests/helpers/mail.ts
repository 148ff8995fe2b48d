import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { outgoingMail } from "@/db/schema";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { dataDir } from "@/lib/env";
import { readableMail } from "./orders";

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

export async function queuedMails(email: string) {
  await flushAfterResponse();
  return (await getDb()).select().from(outgoingMail).where(eq(outgoingMail.to, email)).orderBy(desc(outgoingMail.id));
}

export async function mailedLinkToken(email: string, page: string): Promise<string> {
  const [mail] = await queuedMails(email);
  // The stored mail holds a placeholder; the token is in the mail as delivered.
  const sent = mail ? deliveredMail(mail.id) : "";
  const match = new RegExp(`http://localhost/${page}\\?token=([A-Za-z0-9_-]+)`).exec(sent);
  if (!match?.[1]) throw new Error(`no ${page} link mailed to ${email}: ${sent}`);
  return match[1];
}
