/** An account that works in the back office: the owner ("admin") or staff. */
export function isBackOfficeAccount(roles: readonly string[]): boolean {
  return roles.some((r) => r === "admin" || r === "staff");
}

/** Staff without owner rights: the accounts the owner's "require two-factor" policy applies to. */
export function isStaffOnly(roles: readonly string[]): boolean {
  return roles.includes("staff") && !roles.includes("admin");
}
