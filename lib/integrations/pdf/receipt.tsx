import "server-only";
import { Document, Page, Text, View, pdfStyles } from "./primitives";
import { renderPdf } from "./off-thread";

export interface ReceiptPdfInput {
  title: string;
  shopName: string;
  facts: { label: string; value: string }[];
  addresses: { heading: string; lines: string[] }[];
  columns: { item: string; quantity: string; unitPrice: string; total: string };
  items: { name: string; detail: string | null; quantity: string; unitPrice: string; total: string }[];
  totals: { label: string; value: string; strong?: boolean }[];
  footer: string;
  language: string;
}

const styles = pdfStyles({
  page: { padding: 48, fontSize: 10, fontFamily: "Helvetica", color: "#1f2937" },
  shop: { fontSize: 12, fontFamily: "Helvetica-Bold", color: "#6d28d9" },
  title: { fontSize: 20, fontFamily: "Helvetica-Bold", marginTop: 8, marginBottom: 16 },
  facts: { marginBottom: 16 },
  fact: { flexDirection: "row", marginBottom: 2 },
  factLabel: { width: 120, color: "#6b7280" },
  addresses: { flexDirection: "row", marginBottom: 20 },
  address: { flex: 1, paddingRight: 12 },
  heading: { fontFamily: "Helvetica-Bold", marginBottom: 4 },
  row: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: "#d1d5db" },
  headRow: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 1, borderBottomColor: "#1f2937", fontFamily: "Helvetica-Bold" },
  colItem: { flex: 1, paddingRight: 8 },
  colQty: { width: 50, textAlign: "right" },
  colMoney: { width: 80, textAlign: "right" },
  detail: { color: "#6b7280", fontSize: 8, marginTop: 1 },
  totals: { marginTop: 12, marginLeft: "auto", width: 240 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  strong: { fontFamily: "Helvetica-Bold", fontSize: 12 },
  footer: { marginTop: 32, color: "#6b7280" },
});

export function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  return renderPdf(
    <Document title={input.title} author={input.shopName} creator={input.shopName} producer={input.shopName} language={input.language}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.shop}>{input.shopName}</Text>
        <Text style={styles.title}>{input.title}</Text>
        <View style={styles.facts}>
          {input.facts.map((f) => (
            <View key={f.label} style={styles.fact}>
              <Text style={styles.factLabel}>{f.label}</Text>
              <Text>{f.value}</Text>
            </View>
          ))}
        </View>
        <View style={styles.addresses}>
          {input.addresses.map((a) => (
            <View key={a.heading} style={styles.address}>
              <Text style={styles.heading}>{a.heading}</Text>
              {a.lines.map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
            </View>
          ))}
        </View>
        <View style={styles.headRow}>
          <Text style={styles.colItem}>{input.columns.item}</Text>
          <Text style={styles.colQty}>{input.columns.quantity}</Text>
          <Text style={styles.colMoney}>{input.columns.unitPrice}</Text>
          <Text style={styles.colMoney}>{input.columns.total}</Text>
        </View>
        {input.items.map((item, i) => (
          <View key={i} style={styles.row} wrap={false}>
            <View style={styles.colItem}>
              <Text>{item.name}</Text>
              {item.detail ? <Text style={styles.detail}>{item.detail}</Text> : null}
            </View>
            <Text style={styles.colQty}>{item.quantity}</Text>
            <Text style={styles.colMoney}>{item.unitPrice}</Text>
            <Text style={styles.colMoney}>{item.total}</Text>
          </View>
        ))}
        <View style={styles.totals} wrap={false}>
          {input.totals.map((t) => (
            <View key={t.label} style={styles.totalRow}>
              <Text style={t.strong ? styles.strong : undefined}>{t.label}</Text>
              <Text style={t.strong ? styles.strong : undefined}>{t.value}</Text>
            </View>
          ))}
        </View>
        <Text style={styles.footer}>{input.footer}</Text>
      </Page>
    </Document>,
  );
}
