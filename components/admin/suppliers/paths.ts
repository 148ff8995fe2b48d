export const SUPPLIERS_PATH = "/admin/suppliers";
