/**
 * Who may do what in the back office, in one place; pure, so the browser can hide what the server refuses.
 * The owner (role "admin") may everything. A route or page that names no permission is the owner's alone,
 * so a new one opens up to staff only when someone decides it should.
 */

export const PERMISSIONS = [
  /** Orders: lists, detail, fulfilment actions, packing slips, production sheet, print files, address edit, receipts. */
  "orders",
  /** Refunds (and cancelling a paid order) up to STAFF_REFUND_LIMIT_CENTS; the owner has no limit. */
  "refunds",
  /** The customer list and detail, read only (not export, erasure or password links). */
  "customers",
  /** The mail outbox, read only. */
  "mail",
  /** One's own back-office sign-in: two-factor setup and recovery codes. */
  "account",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF_PERMISSIONS: readonly Permission[] = ["orders", "refunds", "customers", "mail", "account"];

/** Typed on plain strings, so it serves sessions from the server and from the browser alike. */
export const isOwner = (roles: readonly string[]) => roles.includes("admin");
export const isStaff = (roles: readonly string[]) => !isOwner(roles) && roles.includes("staff");
export const isBackOffice = (roles: readonly string[]) => isOwner(roles) || isStaff(roles);

/** `null` = owner only. */
export function can(roles: readonly string[], permission: Permission | null): boolean {
  if (isOwner(roles)) return true;
  if (permission === null || !roles.includes("staff")) return false;
  return STAFF_PERMISSIONS.includes(permission);
}

/**
 * The permission each back-office page needs; the longest matching prefix decides and a page that matches
 * none is the owner's. Used by the proxy, the page guard and the nav.
 */
const PAGE_PERMISSIONS: { prefix: string; permission: Permission }[] = [
  { prefix: "/admin/orders", permission: "orders" },
  { prefix: "/admin/logistics", permission: "orders" },
  { prefix: "/admin/customers", permission: "customers" },
  { prefix: "/admin/mail", permission: "mail" },
  { prefix: "/admin/security", permission: "account" },
];

export function pagePermission(pathname: string): Permission | null {
  const path = pathname.split(/[?#]/)[0] ?? "";
  const hit = PAGE_PERMISSIONS.filter((p) => path === p.prefix || path.startsWith(`${p.prefix}/`)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
  return hit?.permission ?? null;
}

export const canOpenPage = (roles: readonly string[], pathname: string) => can(roles, pagePermission(pathname));

/** Where a back-office account lands: the owner on the dashboard, staff on the open orders. */
export const backOfficeHome = (roles: readonly string[]) => (isOwner(roles) ? "/admin" : "/admin/orders");
