import type { Document as DocumentType, Page as PageType, Styles, Text as TextType, View as ViewType } from "@react-pdf/renderer";

// Plain names, so the main thread loads the renderer (seconds of start-up) only when it must render.
export const Document = "DOCUMENT" as unknown as typeof DocumentType;
export const Page = "PAGE" as unknown as typeof PageType;
export const Text = "TEXT" as unknown as typeof TextType;
export const View = "VIEW" as unknown as typeof ViewType;

export const pdfStyles = <T extends Styles>(styles: T): T => styles;
