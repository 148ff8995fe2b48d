/** A route or page naming no permission is the owner's alone, so none opens to staff by accident. */

export const PERMISSIONS = ["orders", "refunds", "customers", "mail", "account"] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF_PERMISSIONS: readonly Permission[] = ["orders", "refunds", "customers", "mail", "account"];

export const isOwner = (roles: readonly string[]) => roles.includes("admin");
export const isStaff = (roles: readonly string[]) => !isOwner(roles) && roles.includes("staff");
export const isBackOffice = (roles: readonly string[]) => isOwner(roles) || isStaff(roles);

export function can(roles: readonly string[], permission: Permission | null): boolean {
  if (isOwner(roles)) return true;
  if (permission === null || !roles.includes("staff")) return false;
  return STAFF_PERMISSIONS.includes(permission);
}

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

export const backOfficeHome = (roles: readonly string[]) => (isOwner(roles) ? "/admin" : "/admin/orders");
