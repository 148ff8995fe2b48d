export { generatePrintPdf, printFile, printFileName, renderPrintFile, type PrintPdf } from "./pdf";
export { orderLinePrintPdf } from "./order-line";
export { ordersPrintZip } from "./order-zip";
export { fitPrintImage, printReadyImage, type PrintImage, type PrintSource } from "./renditions";
export { printRenditionKey } from "@/lib/services/images/print-sizes";
export { printableMugOrThrow, printAreas, type PrintArea } from "./templates";
