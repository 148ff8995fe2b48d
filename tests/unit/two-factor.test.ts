import { describe, expect, it } from "vitest";
import { isBackOffice as isBackOfficeAccount, isStaff as isStaffOnly } from "@/lib/domain/permissions";
import { mintPendingToken, PENDING_MAX_AGE_SECONDS, readPendingToken } from "@/lib/auth/two-factor-pending";
import { decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCode } from "@/lib/services/two-factor/crypto";
import { mustEnroll, ownerShouldBeAsked } from "@/lib/services/two-factor/policy";
import { newTotpSecret, otpauthUri, totpStep } from "@/lib/services/two-factor/totp";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", its codes cut to 6 digits.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP codes (fixed clock)", () => {
  it("accepts the RFC 6238 test vectors at their times and names their 30-second step", () => {
    expect(totpStep(RFC_SECRET, "287082", 59_000)).toBe(1);
    expect(totpStep(RFC_SECRET, "081804", 1_111_111_109_000)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, "050471", 1_111_111_111_000)).toBe(37_037_037);
    expect(totpStep(RFC_SECRET, "005924", 1_234_567_890_000)).toBe(41_152_263);
  });

  it("allows one step of clock drift either side, not two", () => {
    const at = 1_111_111_109_000; // step 37037036, whose code is 081804
    expect(totpStep(RFC_SECRET, "081804", at + 30_000)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, "081804", at - 30_000)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, "081804", at + 60_000)).toBeNull();
    expect(totpStep(RFC_SECRET, "081804", at - 60_000)).toBeNull();
  });

  it("refuses anything but six digits", () => {
    for (const code of ["", "28708", "2870822", "28708a", " 287082", "287 082"]) expect(totpStep(RFC_SECRET, code, 59_000)).toBeNull();
  });

  it("makes 160-bit base32 secrets and an otpauth URI apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, "owner@shop.example", "MugMagic"));
    expect(uri.href.startsWith("otpauth://totp/MugMagic:owner%40shop.example")).toBe(true);
    expect(uri.searchParams.get("secret")).toBe(secret);
  });
});

describe("secrets at rest", () => {
  it("round-trips, differs per encryption, and opens only for its own account", () => {
    const a = encryptSecret(RFC_SECRET, 7);
    const b = encryptSecret(RFC_SECRET, 7);
    expect(a).not.toBe(b);
    expect(a).not.toContain(RFC_SECRET);
    expect(decryptSecret(a, 7)).toBe(RFC_SECRET);
    expect(() => decryptSecret(a, 8)).toThrow();
    const [v, iv, tag, data = ""] = a.split(".");
    const flipped = `${v}.${iv}.${tag}.${data.slice(0, -2)}${data.endsWith("A") ? "B" : "A"}${data.slice(-1)}`;
    expect(() => decryptSecret(flipped, 7)).toThrow();
  });

  it("hashes recovery codes per account, whatever case, spaces or dashes are typed", () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect(hashRecoveryCode(` ${code.toUpperCase().replace("-", " ")} `, 1)).toBe(hashRecoveryCode(code, 1));
    expect(hashRecoveryCode(code, 2)).not.toBe(hashRecoveryCode(code, 1));
    expect(hashRecoveryCode(code, 1)).not.toContain(code.replace("-", ""));
  });
});

describe("pending sign-in token", () => {
  const now = 1_800_000_000_000;
  it("carries the account and session version until it expires", () => {
    const token = mintPendingToken({ id: 5, sessionVersion: 3 }, now);
    expect(readPendingToken(token, now)).toMatchObject({ userId: 5, sessionVersion: 3 });
    expect(readPendingToken(token, now + PENDING_MAX_AGE_SECONDS * 1000 - 1)).not.toBeNull();
    expect(readPendingToken(token, now + PENDING_MAX_AGE_SECONDS * 1000 + 1000)).toBeNull();
  });

  it("refuses an altered or unsigned token; each sign-in gets its own attempt id", () => {
    const token = mintPendingToken({ id: 5, sessionVersion: 3 }, now);
    const [payload, mac] = token.split(".");
    const body = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...body, u: 6 })).toString("base64url");
    expect(readPendingToken(`${altered}.${mac}`, now)).toBeNull();
    expect(readPendingToken(payload, now)).toBeNull();
    expect(readPendingToken(undefined, now)).toBeNull();
    expect(readPendingToken("garbage", now)).toBeNull();
    const other = readPendingToken(mintPendingToken({ id: 5, sessionVersion: 3 }, now), now);
    expect(other?.attemptId).not.toBe(readPendingToken(token, now)?.attemptId);
  });
});

describe("who must or should set it up", () => {
  const off = { enabled: false, enabledAt: null, promptedAt: null };
  it("back-office accounts are the owner and staff", () => {
    expect(isBackOfficeAccount(["admin"])).toBe(true);
    expect(isBackOfficeAccount(["staff"])).toBe(true);
    expect(isBackOfficeAccount(["customer"])).toBe(false);
    expect(isBackOfficeAccount(["guest"])).toBe(false);
    expect(isStaffOnly(["staff"])).toBe(true);
    expect(isStaffOnly(["staff", "admin"])).toBe(false);
  });

  it("the policy holds staff without two-factor sign-in, never the owner", () => {
    const required = { requireTwoFactorForStaff: true };
    expect(mustEnroll(["staff"], required, off)).toBe(true);
    expect(mustEnroll(["staff"], required, { enabled: true })).toBe(false);
    expect(mustEnroll(["staff"], { requireTwoFactorForStaff: false }, off)).toBe(false);
    expect(mustEnroll(["admin"], required, off)).toBe(false);
    expect(mustEnroll(["customer"], required, off)).toBe(false);
  });

  it("the owner of a production shop is asked once, until it is on", () => {
    expect(ownerShouldBeAsked(["admin"], true, off)).toBe(true);
    expect(ownerShouldBeAsked(["admin"], false, off)).toBe(false);
    expect(ownerShouldBeAsked(["admin"], true, { ...off, promptedAt: new Date() })).toBe(false);
    expect(ownerShouldBeAsked(["admin"], true, { ...off, enabled: true })).toBe(false);
    expect(ownerShouldBeAsked(["staff"], true, off)).toBe(false);
  });
});
