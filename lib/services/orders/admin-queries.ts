/**
 * Admin order reads: the list with filters and sums and the detail with production sheets.
 */
import "server-only";

export { getAdminOrder, adminInvoicePath } from "./admin/detail";
export { listAdminOrders } from "./admin/list";
export { printPdfPath } from "./admin/production";
