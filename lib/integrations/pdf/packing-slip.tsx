import "server-only";
import { Document, Page, Text, View, pdfStyles } from "./primitives";
import { renderPdf } from "./off-thread";

export interface PackingSlipPdfInput {
  title: string;
  shopName: string;
  language: string;
  columns: { line: string; item: string; quantity: string; packed: string };
  slips: {
    heading: string;
    facts: { label: string; value: string }[];
    shipTo: { heading: string; lines: string[] };
    items: { line: string; name: string; detail: string | null; quantity: string }[];
  }[];
}

const styles = pdfStyles({
  page: { padding: 48, fontSize: 10, fontFamily: "Helvetica", color: "#1f2937" },
  shop: { fontSize: 12, fontFamily: "Helvetica-Bold", color: "#6d28d9" },
  title: { fontSize: 20, fontFamily: "Helvetica-Bold", marginTop: 8, marginBottom: 16 },
  fact: { flexDirection: "row", marginBottom: 2 },
  factLabel: { width: 120, color: "#6b7280" },
  shipTo: { marginTop: 16, marginBottom: 20, padding: 10, borderWidth: 1, borderColor: "#1f2937", width: 260 },
  heading: { fontFamily: "Helvetica-Bold", marginBottom: 4 },
  address: { fontSize: 12 },
  row: { flexDirection: "row", paddingVertical: 6, borderBottomWidth: 0.5, borderBottomColor: "#d1d5db" },
  headRow: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 1, borderBottomColor: "#1f2937", fontFamily: "Helvetica-Bold" },
  colLine: { width: 40 },
  colItem: { flex: 1, paddingRight: 8 },
  colQty: { width: 50, textAlign: "right" },
  colPacked: { width: 60, textAlign: "center" },
  box: { width: 12, height: 12, borderWidth: 1, borderColor: "#1f2937", marginLeft: "auto", marginRight: "auto" },
  detail: { color: "#6b7280", fontSize: 8, marginTop: 1 },
});

export function renderPackingSlipPdf(input: PackingSlipPdfInput): Promise<Buffer> {
  return renderPdf(
    <Document title={input.title} author={input.shopName} creator={input.shopName} producer={input.shopName} language={input.language}>
      {input.slips.map((slip) => (
        <Page key={slip.heading} size="A4" style={styles.page}>
          <Text style={styles.shop}>{input.shopName}</Text>
          <Text style={styles.title}>{slip.heading}</Text>
          {slip.facts.map((f) => (
            <View key={f.label} style={styles.fact}>
              <Text style={styles.factLabel}>{f.label}</Text>
              <Text>{f.value}</Text>
            </View>
          ))}
          <View style={styles.shipTo}>
            <Text style={styles.heading}>{slip.shipTo.heading}</Text>
            {slip.shipTo.lines.map((line, i) => (
              <Text key={i} style={styles.address}>
                {line}
              </Text>
            ))}
          </View>
          <View style={styles.headRow}>
            <Text style={styles.colLine}>{input.columns.line}</Text>
            <Text style={styles.colItem}>{input.columns.item}</Text>
            <Text style={styles.colQty}>{input.columns.quantity}</Text>
            <Text style={styles.colPacked}>{input.columns.packed}</Text>
          </View>
          {slip.items.map((item) => (
            <View key={item.line} style={styles.row} wrap={false}>
              <Text style={styles.colLine}>{item.line}</Text>
              <View style={styles.colItem}>
                <Text>{item.name}</Text>
                {item.detail ? <Text style={styles.detail}>{item.detail}</Text> : null}
              </View>
              <Text style={styles.colQty}>{item.quantity}</Text>
              <View style={styles.colPacked}>
                <View style={styles.box} />
              </View>
            </View>
          ))}
        </Page>
      ))}
    </Document>,
  );
}
