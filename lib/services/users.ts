import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users, type Role } from "@/db/schema";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password";
import { logger } from "@/lib/api/logger";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { consume, release } from "./rate-limit";
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

const sessionColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  roles: users.roles,
  sessionVersion: users.sessionVersion,
};

export async function findActiveSessionUser(id: number, sessionVersion: number): Promise<SessionUser | null> {
  if (!Number.isSafeInteger(id)) return null;
  const db = await getDb();
  const [user] = await db
    .select(sessionColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.sessionVersion, sessionVersion)));
  return user ?? null;
}

/** Public view of a user (no hash, no version). */
export function publicUser(u: SessionUser) {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, phone: u.phone };
}

/**
 * Checks email and password. Failed attempts are counted per account and per client address; once
 * either limit is reached further attempts are refused (429) until the window ends, even with the
 * right password, so guessing gains nothing. Each attempt is counted atomically before the password
 * is checked, so parallel guesses cannot all pass the limit check; attempts that turn out not to be
 * failures (refused ones, successful ones) are given back.
 */
export async function verifyCredentials(email: string, password: string, clientIp: string): Promise<SessionUser> {
  const { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_CLIENT, LOGIN_WINDOW_SECONDS } = env();
  const account = { key: `login:account:${email}`, limit: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowSeconds: LOGIN_WINDOW_SECONDS };
  const client = { key: `login:client:${clientIp}`, limit: LOGIN_MAX_FAILURES_PER_CLIENT, windowSeconds: LOGIN_WINDOW_SECONDS };
  const [accountAttempt, clientAttempt] = await Promise.all([consume(account), consume(client)]);
  const giveBack = () => Promise.all([release(account), release(client)]);
  if (!accountAttempt.allowed || !clientAttempt.allowed) {
    await giveBack();
    throw new ApiError(429, "errors.tooManyLoginAttempts", undefined, {
      retryAfter: Math.max(accountAttempt.allowed ? 0 : accountAttempt.retryAfter, clientAttempt.allowed ? 0 : clientAttempt.retryAfter),
    });
  }
  const db = await getDb();
  const [row] = await db
    .select({ ...sessionColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
  const ok = await verifyPassword(password, row?.passwordHash);
  if (!row || !ok) throw new ApiError(401, "errors.invalidCredentials");
  await giveBack();
  const { passwordHash, ...user } = row;
  if (needsRehash(passwordHash)) await rehash(user.id, password, passwordHash);
  return user;
}

/**
 * Stores the password at the current cost after a successful sign-in with a hash of an older cost.
 * Only replaces the hash it verified (a password changed meanwhile wins); a failure only logs.
 */
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

/** Registers a customer account, or (guest: true) a guest account for one order, and returns it. */
export async function registerUser(body: RegisterBody): Promise<SessionUser> {
  const db = await getDb();
  const values = {
    email: body.email,
    firstName: body.firstName || null,
    lastName: body.lastName || null,
    phone: body.phone ?? null,
  };
  if (body.guest) {
    const [user] = await db
      .insert(users)
      .values({ ...values, roles: ["guest"] })
      .returning(sessionColumns);
    if (!user) throw new Error("insert returned no row");
    return user;
  }
  const passwordHash = await hashPassword(body.password ?? "");
  const [user] = await db
    .insert(users)
    .values({ ...values, passwordHash, roles: ["customer"] })
    .onConflictDoNothing()
    .returning(sessionColumns);
  if (!user) throw new ApiError(409, "errors.emailTaken");
  return user;
}

/** Ends every session of the user: tokens carrying the old version are refused from now on. */
export async function endSessions(userId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}
