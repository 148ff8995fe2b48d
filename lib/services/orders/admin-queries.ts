import "server-only";

export { getAdminOrder, adminInvoicePath } from "./admin/detail";
export { listAdminOrders } from "./admin/list";
export { printPdfPath } from "./admin/production";
