/**
 * Admin order reads (issue 9): the list with filters and sums, the detail with production sheets,
 * and the print PDF of an order line. Split by concern under ./admin/.
 */
import "server-only";

export { getAdminOrder, adminInvoicePath } from "./admin/detail";
export { listAdminOrders } from "./admin/list";
export { orderLinePrintPdf, printPdfPath } from "./admin/production";
