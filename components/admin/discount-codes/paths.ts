export const DISCOUNT_CODES_PATH = "/admin/discount-codes";
