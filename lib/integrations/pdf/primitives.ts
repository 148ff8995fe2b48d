import type { Document as DocumentType, Page as PageType, Styles, Text as TextType, View as ViewType } from "@react-pdf/renderer";

// react-pdf's primitives are element type names. Our documents are built from these and rendered in the PDF
// worker, so the main thread does not load the renderer (seconds of start-up) unless it has to render itself.
export const Document = "DOCUMENT" as unknown as typeof DocumentType;
export const Page = "PAGE" as unknown as typeof PageType;
export const Text = "TEXT" as unknown as typeof TextType;
export const View = "VIEW" as unknown as typeof ViewType;

/** react-pdf's StyleSheet.create, which returns its argument. */
export const pdfStyles = <T extends Styles>(styles: T): T => styles;
