import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, getDbHandle } from "@/db/client";
import { loginThrottle, users, userTwoFactor, type Role } from "@/db/schema";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/security/password";
import { logger } from "@/lib/logger";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import { trustedDevice } from "@/lib/security/device";
import { clientNetwork } from "@/lib/request-context/client-ip";
import { runAfterResponse } from "@/lib/request-context/after-response";
import { isBackOfficeRoles, recordAudit, type AuditClient } from "./audit";
import { consume, release, resetRateLimit } from "./rate-limit";
import { changingSessionUsers, sessionUserCache } from "./session-cache";
import type { RegisterBody } from "@/lib/schemas/auth";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  roles: Role[];
  sessionVersion: number;
}

export const publicUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
};

export const sessionColumns = { ...publicUserColumns, roles: users.roles, sessionVersion: users.sessionVersion };

export const hasPasswordColumn = isNotNull(users.passwordHash).mapWith(Boolean);

export async function findActiveSessionUser(id: number, sessionVersion: number): Promise<SessionUser | null> {
  if (!Number.isSafeInteger(id)) return null;
  const handle = await getDbHandle();
  const cache = sessionUserCache<SessionUser>(handle);
  const cached = cache.peek(id);
  if (cached && cached.sessionVersion >= sessionVersion) return cached.sessionVersion === sessionVersion ? cached : null;
  const user = await cache.load(id, async () => {
    const [row] = await handle.db.select(sessionColumns).from(users).where(eq(users.id, id));
    return row ? Object.freeze({ ...row, roles: Object.freeze([...row.roles]) as Role[] }) : null;
  });
  return user && user.sessionVersion === sessionVersion ? user : null;
}

export function publicUser(u: SessionUser) {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, phone: u.phone };
}

/** A known device's own budget, else the account's on this network, so failures from one network do not delay the owner elsewhere. */
function pairKey(email: string, network: string, deviceId: string | null): string {
  return deviceId ? `login:device:${deviceId}` : `login:pair:${network}:${email}`;
}

async function takeSlot(key: string, maxDelaySeconds: number): Promise<{ taken: boolean; retryAfter: number }> {
  const db = await getDb();
  const taken = await db
    .insert(loginThrottle)
    .values({ key, slots: 1, nextAttemptAt: sql`now() + make_interval(secs => ${Math.min(2, maxDelaySeconds)})` })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        slots: sql`least(${loginThrottle.slots} + 1, 30)`,
        nextAttemptAt: sql`now() + make_interval(secs => least(power(2, least(${loginThrottle.slots} + 1, 30)), ${maxDelaySeconds}))`,
      },
      setWhere: sql`${loginThrottle.nextAttemptAt} <= now()`,
    })
    .returning({ key: loginThrottle.key });
  if (taken.length > 0) return { taken: true, retryAfter: 0 };
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from ${loginThrottle.nextAttemptAt} - now()))::int` })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  return { taken: false, retryAfter: Math.max(1, Number(row?.wait ?? 1)) };
}

// Each counter is taken atomically before the password is checked, so parallel guesses cannot slip past.
export async function verifyCredentials(
  email: string,
  password: string,
  clientIp: string,
  deviceCookie?: string | null,
  auditClient: AuditClient | null = null,
): Promise<SessionUser & { deviceId: string | null }> {
  const {
    LOGIN_MAX_FAILURES_PER_ACCOUNT,
    LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL,
    LOGIN_MAX_FAILURES_PER_CLIENT,
    LOGIN_WINDOW_SECONDS,
    LOGIN_MAX_DELAY_SECONDS,
  } = env();
  const network = clientNetwork(clientIp);
  const deviceId = trustedDevice(deviceCookie, email);
  const key = pairKey(email, network, deviceId);
  const pair = { key, limit: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowSeconds: LOGIN_WINDOW_SECONDS };
  const totalKey = `login:account:${email}`;
  const account = { key: totalKey, limit: LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL, windowSeconds: LOGIN_WINDOW_SECONDS };
  const client = { key: `login:client:${network}`, limit: LOGIN_MAX_FAILURES_PER_CLIENT, windowSeconds: LOGIN_WINDOW_SECONDS };
  const [pairAttempt, accountAttempt, clientAttempt] = await Promise.all([consume(pair), consume(account), consume(client)]);
  const giveBack = () => Promise.all([release(pair), release(account), release(client)]);
  const refuse = async (retryAfter: number) => {
    await giveBack();
    return new ApiError(429, "errors.tooManyLoginAttempts", undefined, { retryAfter });
  };
  if (!clientAttempt.allowed) throw await refuse(clientAttempt.retryAfter);
  if (!pairAttempt.allowed) {
    const slot = await takeSlot(key, LOGIN_MAX_DELAY_SECONDS);
    if (!slot.taken) throw await refuse(slot.retryAfter);
  }
  if (!accountAttempt.allowed && !deviceId) {
    const slot = await takeSlot(totalKey, LOGIN_MAX_DELAY_SECONDS);
    if (!slot.taken) throw await refuse(slot.retryAfter);
  }
  const db = await getDb();
  const [row] = await db
    .select({ ...sessionColumns, passwordHash: users.passwordHash, twoFactorOn: isNotNull(userTwoFactor.enabledAt).mapWith(Boolean) })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
  const ok = await verifyPassword(password, row?.passwordHash);
  const audited = row && isBackOfficeRoles(row.roles) ? { actor: { userId: row.id, email: row.email }, client: auditClient } : null;
  if (!row || !ok) {
    // After the answer: its time must not tell a back-office account from a customer's.
    if (audited)
      runAfterResponse("audit failed sign-in", () =>
        recordAudit(db, { ...audited, action: "sign_in_failed", details: { method: "password" } }),
      );
    throw new ApiError(401, "errors.invalidCredentials");
  }
  if (audited && !row.twoFactorOn) await recordAudit(db, { ...audited, action: "sign_in", details: { method: "password" } });
  await Promise.all([
    release(client),
    resetRateLimit(pair),
    resetRateLimit(account),
    db.delete(loginThrottle).where(inArray(loginThrottle.key, [key, totalKey])),
  ]);
  const { passwordHash, twoFactorOn: _twoFactorOn, ...user } = row;
  if (needsRehash(passwordHash)) await rehash(user.id, password, passwordHash);
  return { ...user, deviceId };
}

/** Only replaces the hash it verified (a password changed meanwhile wins); a failure only logs. */
async function rehash(userId: number, password: string, verifiedHash: string | null): Promise<void> {
  try {
    const fresh = await hashPassword(password);
    const db = await getDb();
    await db
      .update(users)
      .set({ passwordHash: fresh })
      .where(and(eq(users.id, userId), verifiedHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, verifiedHash)));
  } catch (err) {
    logger.warn("password rehash failed", { userId, err });
  }
}

export async function registerUser(body: RegisterBody, clientIp: string): Promise<SessionUser> {
  const limit = await consume({ key: `register:${clientNetwork(clientIp)}`, limit: env().REGISTRATIONS_PER_HOUR, windowSeconds: 3600 });
  if (!limit.allowed) throw new ApiError(429, "errors.rateLimitRegister", undefined, { retryAfter: limit.retryAfter });
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email: body.email,
      firstName: body.firstName || null,
      lastName: body.lastName || null,
      phone: body.phone ?? null,
      roles: ["guest"],
    })
    .returning(sessionColumns);
  if (!user) throw new Error("insert returned no row");
  return user;
}

export async function endSessions(userId: number): Promise<void> {
  await changingSessionUsers([userId], (tx) =>
    tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId)),
  );
}
