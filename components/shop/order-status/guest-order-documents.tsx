"use client";

import { useTranslations } from "next-intl";
import { guestInvoiceUrl } from "@/lib/api-client/guest-orders";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import type { PdfDownload } from "@/components/shop/orders/use-pdf-download";

/**
 * The documents a guest order link offers: the invoice of a paid order and one button per credit
 * note, downloaded through the link's token (My orders' receipt needs a session and is not offered).
 */
export function GuestOrderDocuments(props: {
  token: string;
  order: GuestOrderDto;
  downloading: string | null;
  onDownload: (d: PdfDownload) => void;
}) {
  const { order, token } = props;
  const t = useTranslations("orders");
  const buttons: (PdfDownload & { label: string; text: string; testId: string })[] = [];
  if (order.invoiceAvailable) {
    buttons.push({
      key: `invoice:${order.id}`,
      url: guestInvoiceUrl(token),
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
      url: guestInvoiceUrl(token, note.id),
      fallbackName: `${note.number}.pdf`,
      done: t("creditNoteDownloaded"),
      failed: t("creditNoteFailed"),
      label: t("creditNoteLabel", { number: note.number }),
      text: t("creditNote", { number: note.number }),
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
