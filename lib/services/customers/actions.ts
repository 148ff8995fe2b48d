import "server-only";
import { desc, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import type { FileData } from "@/lib/api/file-response";
import { eraseAccountForAdmin, exportAccount, exportFileName } from "../account";
import { recordAudit, type AuditContext } from "../audit";
import { linkRecipient, sendLink } from "../account/password-links";
import { findPerson } from "./detail";

/** The customer's own export; a guest's accounts (one per checkout) each as their own export would be. */
export async function customerExportFile(userId: number, requestUrl: string, audit: AuditContext): Promise<FileData> {
  const db = await getDb();
  const person = await findPerson(db, userId);
  const exports = await Promise.all(person.user_ids.map((id) => exportAccount(id, requestUrl)));
  await recordAudit(db, {
    ...audit,
    action: "customer_exported",
    target: { type: "customer", id: userId },
    details: { accounts: person.user_ids },
  });
  const data = person.kind === "customer" ? exports[0] : { guestAccounts: exports };
  return {
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(data, null, 2),
    fileName: exportFileName(),
    cache: "no-store",
  };
}

/** The same erasure as the customer's own, for each of a guest's accounts; the reason is recorded. */
export async function eraseCustomer(userId: number, audit: AuditContext, reason: string): Promise<{ erasedAccounts: number }> {
  const person = await findPerson(await getDb(), userId);
  for (const id of person.user_ids) await eraseAccountForAdmin(id, audit, reason);
  return { erasedAccounts: person.user_ids.length };
}

/** The mail "forgot password" sends (a reset link for an account, a set-password link for a guest), in the language of the last order. */
export async function sendCustomerPasswordLink(userId: number, requestUrl: string, fallback: Locale): Promise<{ sentTo: string }> {
  const db = await getDb();
  const person = await findPerson(db, userId);
  const [last] = await db
    .select({ locale: orders.locale })
    .from(orders)
    .where(inArray(orders.userId, person.user_ids))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const locale = last?.locale ?? fallback;
  const recipient = await linkRecipient(person.email);
  if (!recipient) throw new Error("a customer without an account to send a link to");
  await sendLink(person.email, recipient, { email: person.email, requestUrl, locale, clientIp: "admin" });
  return { sentTo: person.email };
}
