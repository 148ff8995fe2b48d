import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { mintSessionToken, sessionCookieName, type SessionClaims } from "@/lib/auth/tokens";
import { authSecret } from "@/lib/env";
import { backOfficeHome, can, canOpenPage, pagePermission } from "@/lib/domain/permissions";

const NAME = sessionCookieName(false);
const staff: SessionClaims = { sub: "5", email: "staff@test.local", roles: ["staff"], sv: 0 };
const owner: SessionClaims = { sub: "1", email: "admin@test.local", roles: ["admin"], sv: 0 };

async function run(path: string, claims: SessionClaims) {
  const cookie = `${NAME}=${await mintSessionToken(claims, authSecret(), NAME, 3600)}`;
  return proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie } }));
}

describe("back-office pages for staff", () => {
  it("the proxy lets staff into the pages their permissions open", async () => {
    for (const path of ["/admin/orders", "/admin/orders/history", "/admin/orders/abc", "/admin/customers/3", "/admin/mail"]) {
      const res = await run(path, staff);
      expect([path, res.headers.get("location")]).toEqual([path, null]);
    }
  });

  it("the proxy sends staff from the owner's pages to the open orders", async () => {
    for (const path of [
      "/admin",
      "/admin/settings",
      "/admin/staff",
      "/admin/vat",
      "/admin/discount-codes",
      "/admin/articles",
      "/admin/ordersx",
    ]) {
      const res = await run(path, staff);
      expect([path, res.headers.get("location")]).toEqual([path, "http://localhost/admin/orders"]);
    }
  });

  it("the owner opens every page", async () => {
    for (const path of ["/admin", "/admin/settings", "/admin/staff", "/admin/orders"]) {
      expect((await run(path, owner)).headers.get("location")).toBeNull();
    }
  });

  it("the map: nothing unnamed opens up, customers and guests have no back office", () => {
    expect(pagePermission("/admin/new-thing")).toBeNull();
    expect(can(["staff"], null)).toBe(false);
    expect(can(["admin"], null)).toBe(true);
    expect(can(["customer"], "orders")).toBe(false);
    expect(can(["guest", "customer"], "mail")).toBe(false);
    expect(canOpenPage(["customer", "staff"], "/admin/orders?status=open")).toBe(true);
    expect(backOfficeHome(["staff"])).toBe("/admin/orders");
    expect(backOfficeHome(["admin", "staff"])).toBe("/admin");
  });
});
