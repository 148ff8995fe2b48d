import "server-only";
export { eraseAccount, eraseAccountForAdmin } from "./erase";
