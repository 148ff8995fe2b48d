/** An account that works in the back office (the owner, role "admin", or staff), and staff without owner rights. */
export { isBackOffice as isBackOfficeAccount, isStaff as isStaffOnly } from "@/lib/domain/permissions";
