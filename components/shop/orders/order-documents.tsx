"use client";

import { useTranslations } from "next-intl";
import type { OrderDto } from "@/lib/schemas/orders";
import type { PdfDownload } from "./use-pdf-download";

export interface OrderDocumentLinks {
  /** Only My orders offers the receipt (it needs a session). */
  receipt?: string;
  /** The invoice, or with an id one of the order's credit notes. */
  invoice: (creditNoteId?: number) => string;
}

type DocumentsOrder = Pick<OrderDto, "id" | "orderNumber" | "paymentStatus" | "invoiceAvailable" | "creditNotes">;

/** Whether OrderDocuments shows any button: nothing before the order is paid. */
export function hasDocuments(order: DocumentsOrder, links: OrderDocumentLinks): boolean {
  return order.paymentStatus !== "unpaid" && (Boolean(links.receipt) || order.invoiceAvailable || order.creditNotes.length > 0);
}

export function OrderDocuments(props: {
  order: DocumentsOrder;
  links: OrderDocumentLinks;
  downloading: string | null;
  onDownload: (d: PdfDownload) => void;
}) {
  const { order, links } = props;
  const t = useTranslations("orders");
  if (!hasDocuments(order, links)) return null;

  const buttons: (PdfDownload & { label: string; text: string; testId: string })[] = [];
  if (links.receipt) {
    buttons.push({
      key: `receipt:${order.id}`,
      url: links.receipt,
      fallbackName: `receipt-${order.orderNumber}.pdf`,
      done: t("receiptDownloaded"),
      failed: t("receiptFailed"),
      label: t("receiptLabel", { number: order.orderNumber }),
      text: t("receipt"),
      testId: "receipt-button",
    });
  }
  if (order.invoiceAvailable) {
    buttons.push({
      key: `invoice:${order.id}`,
      url: links.invoice(),
      fallbackName: `invoice-${order.orderNumber}.pdf`,
      done: t("invoiceDownloaded"),
      failed: t("invoiceFailed"),
      label: t("invoiceLabel", { number: order.orderNumber }),
      text: t("invoice"),
      testId: "invoice-button",
    });
  }
  for (const note of order.creditNotes) {
    buttons.push({
      key: `credit:${note.id}`,
      url: links.invoice(note.id),
      fallbackName: `${note.number}.pdf`,
      done: t("creditNoteDownloaded"),
      failed: t("creditNoteFailed"),
      label: t(note.kind === "cancellation" ? "cancellationLabel" : "creditNoteLabel", { number: note.number }),
      text: t(note.kind === "cancellation" ? "cancellation" : "creditNote", { number: note.number }),
      testId: "credit-note-button",
    });
  }

  return (
    <>
      {buttons.map(({ label, text, testId, ...download }) => (
        <button
          key={download.key}
          type="button"
          className="btn-secondary"
          disabled={props.downloading === download.key}
          aria-label={label}
          data-testid={testId}
          onClick={() => props.onDownload(download)}
        >
          {props.downloading === download.key ? t("receiptDownloading") : text}
        </button>
      ))}
    </>
  );
}
