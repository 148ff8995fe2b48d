export {
  ACCEPT_ATTEMPTS,
  STAFF_INVITE_PAGE,
  acceptStaffInvitation,
  inviteStaff,
  peekStaffInvitation,
  revokeStaffInvitation,
  type InviteContext,
} from "./invitations";
export { listStaff, removeStaff } from "./members";
export { issueStaffInviteToken } from "../link-tokens/staff";
