import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema";
import type { Locale } from "@/lib/i18n/config";
import type { FileData } from "@/lib/request-context/file-data";
import { exportAccount, exportFileName } from "../account";
import { eraseAccountForAdmin } from "../privacy";
import { recordAudit, type AuditContext } from "../audit";
import { linkRecipient, sendLink } from "../account/password-links";
import { findPerson } from "./detail";

export async function customerExportFile(userId: number, requestUrl: string, audit: AuditContext): Promise<FileData> {
  const db = await getDb();
  const person = await findPerson(db, userId);
  const data = await exportAccount(person.id, requestUrl);
  await recordAudit(db, { ...audit, action: "customer_exported", target: { type: "customer", id: person.id } });
  return {
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(data, null, 2),
    fileName: exportFileName(),
    cache: "no-store",
  };
}

export async function eraseCustomer(userId: number, audit: AuditContext, reason: string): Promise<{ erasedAccounts: number }> {
  const person = await findPerson(await getDb(), userId);
  await eraseAccountForAdmin(person.id, audit, reason);
  return { erasedAccounts: 1 };
}

export async function sendCustomerPasswordLink(userId: number, requestUrl: string, fallback: Locale): Promise<{ sentTo: string }> {
  const db = await getDb();
  const person = await findPerson(db, userId);
  const [last] = await db
    .select({ locale: orders.locale })
    .from(orders)
    .where(eq(orders.userId, person.id))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const locale = last?.locale ?? fallback;
  const recipient = await linkRecipient(person.email);
  if (!recipient) throw new Error("a customer without an account to send a link to");
  await sendLink(person.email, recipient, { email: person.email, requestUrl, locale, clientIp: "admin" });
  return { sentTo: person.email };
}
