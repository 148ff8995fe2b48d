import "server-only";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { orders, outgoingMail } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { FileData } from "@/lib/request-context/file-data";
import { queueMail } from "@/lib/integrations/mail";
import type { AdminMailDto, AdminMailPage, AdminMailQuery } from "@/lib/schemas/admin-orders";
import { likePattern, pagedQuery } from "../list-query";
import { deliverQueuedMail, type OnMailSettled } from "./delivery";

const columns = {
  id: outgoingMail.id,
  to: outgoingMail.to,
  subject: outgoingMail.subject,
  kind: outgoingMail.kind,
  status: outgoingMail.status,
  attempts: outgoingMail.attempts,
  error: outgoingMail.error,
  orderId: outgoingMail.orderId,
  orderNumber: orders.orderNumber,
  createdAt: outgoingMail.createdAt,
  sentAt: outgoingMail.sentAt,
  nextAttemptAt: outgoingMail.nextAttemptAt,
};

type Row = Omit<AdminMailDto, "createdAt" | "sentAt" | "nextAttemptAt"> & {
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
};

function toDto(row: Row): AdminMailDto {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

function filter(query: AdminMailQuery): SQL | undefined {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return and(
    query.status === "all" ? undefined : eq(outgoingMail.status, query.status),
    pattern ? or(ilike(outgoingMail.to, pattern), ilike(outgoingMail.subject, pattern), ilike(orders.orderNumber, pattern)) : undefined,
  );
}

const selectMail = (db: Db) => db.select(columns).from(outgoingMail).leftJoin(orders, eq(orders.id, outgoingMail.orderId));

export async function listMail(query: AdminMailQuery): Promise<AdminMailPage> {
  const db = await getDb();
  const where = filter(query);
  return pagedQuery(
    query,
    (limit, offset) => selectMail(db).where(where).orderBy(desc(outgoingMail.createdAt), desc(outgoingMail.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(outgoingMail).leftJoin(orders, eq(orders.id, outgoingMail.orderId)).where(where),
    toDto,
  );
}

export async function getMailOrThrow(id: number): Promise<AdminMailDto> {
  const [row] = await selectMail(await getDb()).where(eq(outgoingMail.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

/** A failed original stops retrying, so the customer does not get the message twice. */
export async function resendMail(id: number, onSettled: OnMailSettled): Promise<AdminMailDto> {
  const db = await getDb();
  const copyId = await db.transaction(async (tx) => {
    const [original] = await tx.select().from(outgoingMail).where(eq(outgoingMail.id, id)).for("update");
    if (!original) throw notFound();
    if (original.status === "failed") await tx.update(outgoingMail).set({ nextAttemptAt: null }).where(eq(outgoingMail.id, id));
    return queueMail(tx, {
      to: original.to,
      subject: original.subject,
      text: original.text,
      html: original.html,
      kind: original.kind,
      orderId: original.orderId,
      attachments: original.attachments,
      link:
        original.linkKind && original.linkNonce
          ? { kind: original.linkKind, subject: original.linkSubject, nonce: original.linkNonce }
          : null,
    });
  });
  await deliverQueuedMail(copyId, onSettled);
  return getMailOrThrow(copyId);
}

export async function mailContent(id: number, format: "html" | "text"): Promise<FileData> {
  const db = await getDb();
  const [mail] = await db.select({ text: outgoingMail.text, html: outgoingMail.html }).from(outgoingMail).where(eq(outgoingMail.id, id));
  if (!mail) throw notFound();
  if (format === "html" && mail.html) {
    const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
    return {
      contentType: "text/html; charset=utf-8",
      body: mail.html,
      cache: "private-no-store",
      sandbox: true,
      headers: { "content-security-policy": csp },
    };
  }
  return { contentType: "text/plain; charset=utf-8", body: mail.text, cache: "private-no-store", sandbox: true };
}
