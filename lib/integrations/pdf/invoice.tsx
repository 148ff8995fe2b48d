import "server-only";
import { Document, Page, Text, View, pdfStyles } from "./primitives";
import { renderPdf } from "./off-thread";

export interface InvoicePdfInput {
  language: string;
  title: string;
  number: string;
  /** The issue date, so a rendering of the same snapshot is the same file. */
  creationDate: Date;
  /** Shown beside the seller's block when it differs from the legal name. */
  shopName?: string | null;
  seller: { name: string; lines: string[] };
  senderLine: string;
  buyer: { heading: string; lines: string[] };
  facts: { label: string; value: string }[];
  columns: { item: string; quantity: string; unitPrice: string; net: string; vatRate: string; vat: string; gross: string };
  lines: {
    name: string;
    detail: string | null;
    quantity: string;
    unitPrice: string;
    net: string;
    vatRate: string;
    vat: string;
    gross: string;
  }[];
  vatSummary: {
    heading: string;
    columns: { rate: string; net: string; vat: string; gross: string };
    rows: { rate: string; net: string; vat: string; gross: string }[];
  };
  totals: { label: string; value: string; strong?: boolean }[];
  notes: string[];
  footer: string[];
  pageOf: (page: number, pages: number) => string;
}

const MUTED = "#6b7280";
const styles = pdfStyles({
  page: { paddingTop: 40, paddingHorizontal: 48, paddingBottom: 90, fontSize: 9, fontFamily: "Helvetica", color: "#1f2937" },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 28 },
  sellerName: { fontSize: 13, fontFamily: "Helvetica-Bold", color: "#6d28d9", marginBottom: 3 },
  shopName: { fontSize: 16, fontFamily: "Helvetica-Bold", maxWidth: 240 },
  sellerBlock: { alignItems: "flex-end", maxWidth: 220 },
  sellerLine: { textAlign: "right", color: MUTED },
  sender: { fontSize: 7, color: MUTED, textDecoration: "underline", marginBottom: 6 },
  addressRow: { flexDirection: "row", justifyContent: "space-between", marginBottom: 24 },
  buyer: { width: 190 },
  heading: { fontFamily: "Helvetica-Bold", marginBottom: 3 },
  facts: { width: 300 },
  fact: { flexDirection: "row", marginBottom: 2 },
  factLabel: { width: 118, color: MUTED, paddingRight: 6 },
  factValue: { flex: 1, textAlign: "right" },
  title: { fontSize: 16, fontFamily: "Helvetica-Bold", marginBottom: 14 },
  headRow: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 1, borderBottomColor: "#1f2937", fontFamily: "Helvetica-Bold" },
  row: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: "#d1d5db" },
  colItem: { flex: 1, paddingRight: 6 },
  colQty: { width: 30, textAlign: "right" },
  colRate: { width: 44, textAlign: "right" },
  colMoney: { width: 62, textAlign: "right" },
  detail: { color: MUTED, fontSize: 7.5, marginTop: 1 },
  bottom: { flexDirection: "row", justifyContent: "space-between", marginTop: 14 },
  summary: { width: 250 },
  summaryHeading: { fontFamily: "Helvetica-Bold", marginBottom: 3 },
  totals: { width: 220 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  strong: { fontFamily: "Helvetica-Bold", fontSize: 11 },
  notes: { marginTop: 20 },
  note: { marginBottom: 3 },
  footer: {
    position: "absolute",
    left: 48,
    right: 48,
    bottom: 28,
    borderTopWidth: 0.5,
    borderTopColor: "#d1d5db",
    paddingTop: 6,
    fontSize: 7,
    color: MUTED,
  },
  pageNumber: { position: "absolute", right: 0, top: 6 },
});

function LineTable({ input }: { input: InvoicePdfInput }) {
  const c = input.columns;
  return (
    <View>
      <View style={styles.headRow} fixed>
        <Text style={styles.colItem}>{c.item}</Text>
        <Text style={styles.colQty}>{c.quantity}</Text>
        <Text style={styles.colMoney}>{c.unitPrice}</Text>
        <Text style={styles.colMoney}>{c.net}</Text>
        <Text style={styles.colRate}>{c.vatRate}</Text>
        <Text style={styles.colMoney}>{c.vat}</Text>
        <Text style={styles.colMoney}>{c.gross}</Text>
      </View>
      {input.lines.map((line, i) => (
        <View key={i} style={styles.row} wrap={false}>
          <View style={styles.colItem}>
            <Text>{line.name}</Text>
            {line.detail ? <Text style={styles.detail}>{line.detail}</Text> : null}
          </View>
          <Text style={styles.colQty}>{line.quantity}</Text>
          <Text style={styles.colMoney}>{line.unitPrice}</Text>
          <Text style={styles.colMoney}>{line.net}</Text>
          <Text style={styles.colRate}>{line.vatRate}</Text>
          <Text style={styles.colMoney}>{line.vat}</Text>
          <Text style={styles.colMoney}>{line.gross}</Text>
        </View>
      ))}
    </View>
  );
}

function VatSummary({ summary }: { summary: InvoicePdfInput["vatSummary"] }) {
  return (
    <View style={styles.summary}>
      <Text style={styles.summaryHeading}>{summary.heading}</Text>
      <View style={styles.headRow}>
        <Text style={styles.colItem}>{summary.columns.rate}</Text>
        <Text style={styles.colMoney}>{summary.columns.net}</Text>
        <Text style={styles.colMoney}>{summary.columns.vat}</Text>
        <Text style={styles.colMoney}>{summary.columns.gross}</Text>
      </View>
      {summary.rows.map((r) => (
        <View key={r.rate} style={styles.row}>
          <Text style={styles.colItem}>{r.rate}</Text>
          <Text style={styles.colMoney}>{r.net}</Text>
          <Text style={styles.colMoney}>{r.vat}</Text>
          <Text style={styles.colMoney}>{r.gross}</Text>
        </View>
      ))}
    </View>
  );
}

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const title = `${input.title} ${input.number}`;
  return renderPdf(
    <Document
      title={title}
      author={input.seller.name}
      creator={input.seller.name}
      producer={input.seller.name}
      language={input.language}
      creationDate={input.creationDate}
      modificationDate={input.creationDate}
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>{input.shopName ? <Text style={styles.shopName}>{input.shopName}</Text> : null}</View>
          <View style={styles.sellerBlock}>
            <Text style={styles.sellerName}>{input.seller.name}</Text>
            {input.seller.lines.map((line, i) => (
              <Text key={i} style={styles.sellerLine}>
                {line}
              </Text>
            ))}
          </View>
        </View>
        <View style={styles.addressRow}>
          <View style={styles.buyer}>
            <Text style={styles.sender}>{input.senderLine}</Text>
            <Text style={styles.heading}>{input.buyer.heading}</Text>
            {input.buyer.lines.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
          </View>
          <View style={styles.facts}>
            {input.facts.map((f) => (
              <View key={f.label} style={styles.fact}>
                <Text style={styles.factLabel}>{f.label}</Text>
                <Text style={styles.factValue}>{f.value}</Text>
              </View>
            ))}
          </View>
        </View>
        <Text style={styles.title}>{title}</Text>
        <LineTable input={input} />
        <View style={styles.bottom} wrap={false}>
          <VatSummary summary={input.vatSummary} />
          <View style={styles.totals}>
            {input.totals.map((t) => (
              <View key={t.label} style={styles.totalRow}>
                <Text style={t.strong ? styles.strong : undefined}>{t.label}</Text>
                <Text style={t.strong ? styles.strong : undefined}>{t.value}</Text>
              </View>
            ))}
          </View>
        </View>
        <View style={styles.notes} wrap={false}>
          {input.notes.map((n, i) => (
            <Text key={i} style={styles.note}>
              {n}
            </Text>
          ))}
        </View>
        <View style={styles.footer} fixed>
          {input.footer.map((line, i) => (
            <Text key={i}>{line}</Text>
          ))}
          <Text style={styles.pageNumber} render={({ pageNumber, totalPages }) => input.pageOf(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>,
  );
}
