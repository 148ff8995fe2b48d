import "server-only";

export {
  createDiscountCode,
  deleteDiscountCode,
  getDiscountCodeOrThrow,
  listDiscountCodes,
  patchDiscountCode,
  updateDiscountCode,
} from "./admin";
