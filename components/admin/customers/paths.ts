export const CUSTOMERS_PATH = "/admin/customers";
