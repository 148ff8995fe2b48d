export { listCustomers } from "./list";
export { customerDetail } from "./detail";
export { customerExportFile, eraseCustomer, sendCustomerPasswordLink } from "./actions";
