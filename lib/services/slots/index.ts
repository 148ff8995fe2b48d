export { listSlotTypes, getSlotTypeOrThrow, createSlotType, updateSlotType, deleteSlotType } from "./slot-types";
export {
  listSlotVariants,
  listSlotVariantsOfType,
  getSlotVariantOrThrow,
  createSlotVariant,
  updateSlotVariant,
  deleteSlotVariant,
} from "./slot-variants";
