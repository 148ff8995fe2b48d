import "server-only";
import { and, asc, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { invoices, orderEvents, orders } from "@/db/schema";
import { queueMail } from "@/lib/integrations/mail";
import { logger } from "@/lib/logger";
import { missingForInvoice } from "@/lib/seller";
import { loadBundle } from "../core/dto";
import { receiptMail } from "../receipt";
import { inTransaction } from "../core/unit-of-work";
import { loadSellerValues } from "../../seller-settings/load";
import { issueInvoice } from "./issue";

export const waitingForInvoice = () =>
  and(
    sql`exists (select 1 from ${orderEvents} e where e.order_id = ${orders.id} and e.type = 'invoice_waiting')`,
    sql`not exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.kind = 'invoice')`,
  );

/** Each order in its own transaction, so one failure leaves the others issued. */
export async function issueWaitingInvoices(): Promise<number> {
  const db = await getDb();
  if (missingForInvoice((await loadSellerValues(db)).values).length > 0) return 0;
  const waiting = await db
    .select({ id: orders.id, locale: orders.locale })
    .from(orders)
    .where(waitingForInvoice())
    .orderBy(asc(orders.paidAt));
  let issued = 0;
  for (const order of waiting) {
    try {
      const done = await inTransaction(async (tx, effects) => {
        const invoice = await issueInvoice(tx, order.id, effects);
        const bundle = invoice ? await loadBundle(tx, order.id) : null;
        if (!invoice || !bundle) return false;
        const mail = await receiptMail(tx, bundle, order.locale);
        effects.mailIds.push(
          await queueMail(tx, { ...mail, kind: "receipt", orderId: order.id, attachments: [{ type: "invoice", invoiceId: invoice.id }] }),
        );
        return true;
      });
      if (done) issued++;
    } catch (err) {
      logger.error("a waiting invoice could not be issued", { orderId: order.id, err });
    }
  }
  return issued;
}
