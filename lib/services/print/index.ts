export { generatePrintPdf, printFile, printFileName, renderPrintFile, type PrintPdf } from "./pdf";
export { orderLinePrintPdf } from "./order-line";
export { ordersPrintZip } from "./order-zip";
export {
  deletePrintRenditions,
  fitPrintImage,
  printReadyImage,
  printRenditionKey,
  PRINT_RENDITION_VERSION,
  type PrintImage,
  type PrintSource,
} from "./renditions";
export { largestPrintBox, printableMugOrThrow, printAreas, type PrintArea } from "./templates";
