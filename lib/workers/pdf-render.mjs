import { parentPort } from "node:worker_threads";
import { createElement } from "react";
import { renderToBuffer } from "@react-pdf/renderer";

function revive(props) {
  const out = {};
  for (const [key, value] of Object.entries(props)) {
    if (value && typeof value === "object" && "$date" in value) out[key] = new Date(value.$date);
    else if (value && typeof value === "object" && "$pages" in value) {
      const template = value.$pages;
      out[key] = ({ pageNumber, totalPages }) =>
        template.split("\u0000P").join(String(pageNumber)).split("\u0000T").join(String(totalPages));
    } else out[key] = value;
  }
  return out;
}

function build(node) {
  if (typeof node === "string") return node;
  return createElement(node.t, revive(node.p), ...node.c.map(build));
}

parentPort?.on("message", async ({ id, job }) => {
  try {
    const pdf = await renderToBuffer(build(job.tree));
    const result = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length);
    parentPort?.postMessage({ id, result }, pdf.byteOffset === 0 && pdf.length === pdf.buffer.byteLength ? [pdf.buffer] : []);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
