import "server-only";
import { berlinLongDate } from "@/lib/domain/berlin-time";
import { formatEuro, formatNumber } from "@/lib/format";
import { translate } from "@/lib/i18n/messages";
import type { InvoicePdfInput } from "@/lib/integrations/pdf/invoice";
import type { InvoiceContent, InvoiceSellerSnapshot } from "./content";

export function invoicePdfInput(content: InvoiceContent): InvoicePdfInput {
  const lang = content.language;
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, `invoice.${key}`, params);
  const credit = content.kind === "credit_note";
  const cancels = credit && content.refund?.full === true;
  const money = (cents: number) => formatEuro(credit && cents !== 0 ? -cents : cents, lang);
  const rate = (p: number) => t("percent", { rate: formatNumber(p, lang) });
  const date = (day: string) =>
    new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  const instant = (iso: string) => berlinLongDate(new Date(iso), lang);
  const { seller, buyer, refersTo, payment } = content;
  const provider = payment ? t(`provider.${payment.provider}`) : "";

  const facts = credit
    ? [
        { label: t(cancels ? "cancellationNumber" : "correctionNumber"), value: content.number },
        { label: t("creditNoteDate"), value: date(content.issueDate) },
        ...(refersTo
          ? [{ label: t("refersTo"), value: t("refersToValue", { number: refersTo.number, date: date(refersTo.issueDate) }) }]
          : []),
        { label: t("orderNumber"), value: content.order.number },
      ]
    : [
        { label: t("invoiceNumber"), value: content.number },
        { label: t("invoiceDate"), value: date(content.issueDate) },
        { label: t("deliveryDate"), value: date(content.deliveryDate) },
        { label: t("orderNumber"), value: content.order.number },
      ];

  const taxNote = content.taxNote ? [content.taxNote] : [];
  const taxFree = content.taxTreatment === "export" || content.taxTreatment === "reverse-charge";
  const amountsNote = t(taxFree ? "amountsNoteNet" : "amountsNote");
  const notes = credit
    ? [
        ...taxNote,
        ...(refersTo
          ? [
              content.refund?.full
                ? t("fullCredit", { number: refersTo.number, date: date(refersTo.issueDate) })
                : t("partialCredit", {
                    number: refersTo.number,
                    date: date(refersTo.issueDate),
                    amount: formatEuro(content.totals.grossCents, lang),
                  }),
            ]
          : []),
        ...(payment ? [t("refunded", { provider })] : []),
        amountsNote,
      ]
    : [
        ...taxNote,
        t("deliveryNote"),
        ...(payment ? [t("paid", { provider, date: instant(payment.paidAt) })] : []),
        amountsNote,
        t("thanks"),
      ];

  return {
    language: lang,
    title: credit ? t(cancels ? "titleCancellation" : "titleCorrection") : t("titleInvoice"),
    number: content.number,
    creationDate: new Date(`${content.issueDate}T12:00:00Z`),
    shopName: content.shopName && content.shopName !== seller.name ? content.shopName : null,
    seller: { name: seller.name, lines: [...sellerAddress(seller), ...sellerContact(seller, t)] },
    senderLine: [seller.name, seller.street, `${seller.postalCode} ${seller.city}`].join(" · "),
    buyer: {
      heading: t("buyer"),
      lines: [
        buyer.name,
        buyer.street1,
        ...(buyer.street2 ? [buyer.street2] : []),
        `${buyer.postalCode} ${buyer.city}`,
        buyer.countryName,
        buyer.email,
      ],
    },
    facts,
    columns: {
      item: t("item"),
      quantity: t("quantity"),
      unitPrice: t("unitPrice"),
      net: t("net"),
      vatRate: t("vatRate"),
      vat: t("vat"),
      gross: t("gross"),
    },
    lines: content.lines.map((l) => ({
      name: l.name,
      detail: l.detail,
      quantity: formatNumber(l.quantity, lang),
      unitPrice: money(l.unitGrossCents),
      net: money(l.netCents),
      vatRate: rate(l.vatPercent),
      vat: money(l.vatCents),
      gross: money(l.grossCents),
    })),
    vatSummary: {
      heading: t("vatSummary"),
      columns: { rate: t("vatRate"), net: t("net"), vat: t("vat"), gross: t("gross") },
      rows: content.vatTotals.map((v) => ({
        rate: rate(v.vatPercent),
        net: money(v.netCents),
        vat: money(v.vatCents),
        gross: money(v.grossCents),
      })),
    },
    totals: [
      { label: t("totalNet"), value: money(content.totals.netCents) },
      { label: t("totalVat"), value: money(content.totals.vatCents) },
      { label: credit ? t("creditTotal") : t("totalGross"), value: money(content.totals.grossCents), strong: true },
    ],
    notes,
    footer: sellerFooter(seller, t),
    pageOf: (page, pages) => t("pageOf", { page, pages }),
  };
}

const sellerAddress = (s: InvoiceSellerSnapshot) => [s.street, `${s.postalCode} ${s.city}`, s.country];

type T = (key: string) => string;

function sellerContact(s: InvoiceSellerSnapshot, t: T): string[] {
  return [
    ...(s.email ? [`${t("email")}: ${s.email}`] : []),
    ...(s.phone ? [`${t("phone")}: ${s.phone}`] : []),
    ...(s.vatId ? [`${t("vatId")}: ${s.vatId}`] : []),
    ...(s.taxNumber ? [`${t("taxNumber")}: ${s.taxNumber}`] : []),
  ];
}

function sellerFooter(s: InvoiceSellerSnapshot, t: T): string[] {
  const legal = [
    ...(s.representative ? [`${t("representative")}: ${s.representative}`] : []),
    ...(s.register ? [`${t("register")}: ${s.register}`] : []),
  ];
  const bank = s.bank ? [[s.bank.name, `IBAN ${s.bank.iban}`, s.bank.bic ? `BIC ${s.bank.bic}` : null].filter(Boolean).join(" · ")] : [];
  return [
    [s.name, ...sellerAddress(s)].join(" · "),
    sellerContact(s, t).join(" · "),
    ...(legal.length ? [legal.join(" · ")] : []),
    ...bank,
  ].filter(Boolean);
}
