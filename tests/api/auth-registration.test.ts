import { describe, expect, it } from "vitest";
import * as register from "@/app/api/auth/register/route";
import { call, cookieFrom } from "../helpers/api";
import {
  freshEmail,
  freshIp,
  getAdminVat,
  getSession,
  newCustomer,
  postLogin,
  postRegister,
  setupAuthEnv,
  type ErrorBody,
} from "../helpers/auth";

setupAuthEnv();

describe("POST /api/auth/register", () => {
  it("POST /api/auth/register – customer → 201, signed in with roles [customer], can log in with the password", async () => {
    const email = freshEmail("reg");
    const res = await postRegister({ email, password: "longenough", firstName: "Ada", lastName: "Lovelace", phone: "+49 30 1234567" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email, firstName: "Ada", lastName: "Lovelace", phone: "+49 30 1234567" },
      roles: ["customer"],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|sessionVersion|scrypt/i);
    const setCookie = (res.headers.get("set-cookie") ?? "").toLowerCase();
    expect(setCookie).toContain("httponly");
    expect(setCookie).toContain("samesite=lax");
    expect(setCookie).toContain("path=/");
    expect((await getSession(cookieFrom(res))).body).toMatchObject({ authenticated: true, roles: ["customer"], user: { email } });
    expect((await postLogin({ email, password: "longenough" }, freshIp())).status).toBe(200);
  });

  it("POST /api/auth/register – the email is stored trimmed and lower-case; names and phone are optional", async () => {
    const email = freshEmail("mixed");
    const res = await postRegister({ email: `  ${email.toUpperCase()} `, password: "longenough" });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ id: expect.any(Number), email, firstName: null, lastName: null, phone: null });
    expect((await postLogin({ email, password: "longenough" }, freshIp())).status).toBe(200);
  });

  it("POST /api/auth/register – duplicate email (any letter case) → the neutral 202, the existing account is untouched", async () => {
    const user = await newCustomer("dup");
    for (const email of [user.email, user.email.toUpperCase()]) {
      const res = await call<ErrorBody & { checkMail?: boolean }>(register.POST, {
        method: "POST",
        path: "/api/auth/register",
        body: { email, password: "another-password" },
      });
      expect(res.status).toBe(202);
      expect(res.body.checkMail).toBe(true);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await postLogin({ email: user.email, password: "another-password" }, freshIp())).status).toBe(401);
    expect((await postLogin({ email: user.email, password: user.password }, freshIp())).status).toBe(200);
    expect((await getSession(user.cookie)).body.authenticated).toBe(true);
  });

  it("POST /api/auth/register – guest → 201 with roles [guest] and a working cookie", async () => {
    const email = freshEmail("guest");
    const res = await postRegister({ email, guest: true, firstName: "Gus", phone: "" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      authenticated: true,
      user: { id: expect.any(Number), email, firstName: "Gus", lastName: null, phone: null },
      roles: ["guest"],
    });
    const me = await getSession(cookieFrom(res));
    expect(me.body).toMatchObject({ authenticated: true, roles: ["guest"], user: { email } });
    expect((await getAdminVat(cookieFrom(res))).status).toBe(403);
  });

  it("POST /api/auth/register – a guest twice with the same email works (guest accounts are per order)", async () => {
    const email = freshEmail("guest-twice");
    const first = await postRegister({ email, guest: true });
    const second = await postRegister({ email: email.toUpperCase(), guest: true });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.user?.email).toBe(email);
    expect(second.body.user?.id).not.toBe(first.body.user?.id);
    // Both sessions stay valid side by side.
    expect((await getSession(cookieFrom(first))).body.user?.id).toBe(first.body.user?.id);
    expect((await getSession(cookieFrom(second))).body.user?.id).toBe(second.body.user?.id);
    // Registering a customer account for that email makes no second account: the neutral answer, and
    // the guest gets a link to set a password instead (tests/api/register.test.ts follows the link).
    const customer = await call<ErrorBody & { checkMail?: boolean }>(register.POST, {
      method: "POST",
      path: "/api/auth/register",
      body: { email, password: "longenough" },
    });
    expect(customer.status).toBe(202);
    expect(customer.body.checkMail).toBe(true);
  });

  it("POST /api/auth/register – a guest for an email with a customer account works and does not touch that account", async () => {
    const user = await newCustomer("guest-of-customer");
    const res = await postRegister({
      email: user.email,
      guest: true,
      firstName: "Other",
      lastName: "Person",
      password: "ignored-for-guests",
    });
    expect(res.status).toBe(201);
    expect(res.body.roles).toEqual(["guest"]);
    expect(res.body.user?.id).not.toBe(user.id);
    // The customer's existing session, roles, names and password are unchanged.
    expect((await getSession(user.cookie)).body).toEqual({
      authenticated: true,
      user: { id: user.id, email: user.email, firstName: "Fresh", lastName: "guest-of-customer", phone: null },
      roles: ["customer"],
    });
    const relog = await postLogin({ email: user.email, password: user.password }, freshIp());
    expect(relog.status).toBe(200);
    expect(relog.body.user?.id).toBe(user.id);
    expect((await postLogin({ email: user.email, password: "ignored-for-guests" }, freshIp())).status).toBe(401);
  });

  const bad: { title: string; body: unknown; status?: number; field: string; message: string }[] = [
    { title: "invalid email", body: { email: "not-an-email", password: "longenough" }, field: "email", message: "Invalid email format" },
    { title: "invalid guest email", body: { email: "guest@", guest: true }, field: "email", message: "Invalid email format" },
    { title: "blank email", body: { email: " ", password: "longenough" }, field: "email", message: "Email is required" },
    { title: "email missing", body: { password: "longenough" }, field: "email", message: "This field is required" },
    {
      title: "over-long email",
      body: { email: `${"a".repeat(250)}@test.local`, password: "longenough" },
      field: "email",
      message: "Text is too long",
    },
    {
      title: "invalid phone (letters)",
      body: { email: "p1@test.local", password: "longenough", phone: "call me" },
      field: "phone",
      message: "Invalid phone number",
    },
    {
      title: "invalid phone (too few digits)",
      body: { email: "p2@test.local", password: "longenough", phone: "12345" },
      field: "phone",
      message: "Invalid phone number",
    },
    {
      title: "invalid phone (too many digits)",
      body: { email: "p3@test.local", guest: true, phone: "+1234567890123456789012" },
      field: "phone",
      message: "Invalid phone number",
    },
    { title: "password missing (non-guest)", body: { email: "p4@test.local" }, field: "password", message: "Password is required" },
    {
      title: "password missing (guest: false)",
      body: { email: "p5@test.local", guest: false },
      field: "password",
      message: "Password is required",
    },
    {
      title: "password too short",
      body: { email: "p6@test.local", password: "1234567" },
      field: "password",
      message: "Password must be at least 8 characters",
    },
    { title: "guest not a boolean", body: { email: "p7@test.local", guest: "yes" }, field: "guest", message: "Invalid value" },
    {
      title: "first name too long",
      body: { email: "p8@test.local", password: "longenough", firstName: "x".repeat(101) },
      field: "firstName",
      message: "Text is too long",
    },
  ];
  for (const row of bad) {
    it(`POST /api/auth/register – ${row.title} → 422 with errors.${row.field}`, async () => {
      const res = await postRegister(row.body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(res.headers.get("set-cookie")).toBeNull();
    });
  }

  it("POST /api/auth/register – the validation message follows the caller's language", async () => {
    const res = await call<ErrorBody>(register.POST, {
      method: "POST",
      body: { email: "x", password: "longenough" },
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.email).toEqual(expect.any(String));
    expect(res.body.errors?.email).not.toBe("Invalid email format");
  });

  it("POST /api/auth/register – invalid JSON → 400, never 500", async () => {
    const res = await postRegister('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid JSON");
  });

  it("POST /api/auth/register – a valid phone with formatting is kept", async () => {
    const res = await postRegister({ email: freshEmail("phone"), password: "longenough", phone: " +49 (0)30 / 123-456 " });
    expect(res.status).toBe(201);
    expect(res.body.user?.phone).toBe("+49 (0)30 / 123-456");
  });
});
