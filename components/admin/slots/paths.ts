export const SLOT_TYPES_PATH = "/admin/slot-types";
export const SLOT_VARIANTS_PATH = "/admin/slot-variants";
