/** Where the slot screens live (shared by the server pages and the client forms). */
export const SLOT_TYPES_PATH = "/admin/slot-types";
export const SLOT_VARIANTS_PATH = "/admin/slot-variants";
