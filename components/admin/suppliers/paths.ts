/** Where the supplier screens live (shared by the server list and the client form). */
export const SUPPLIERS_PATH = "/admin/suppliers";
