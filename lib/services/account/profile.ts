import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { addresses, countries, orderAddresses, orders, users } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import { hashPassword } from "@/lib/security/password";
import type { Locale } from "@/lib/i18n/config";
import type { AccountAddress, AccountResponse } from "@/lib/schemas/account";
import { hasPasswordColumn, publicUserColumns, sessionColumns, type SessionUser } from "@/lib/services/users";
import { isBackOfficeRoles, recordAudit, type AuditClient } from "../audit";
import { changingSessionUsers } from "../session-cache";
import { checkOwnPassword } from "./password-check";
import { retireTokens } from "../link-tokens/account";

const MAX_ADDRESS_ROWS = 200;

const countryName = (code: string, locale: Locale, names: { nameEn: string | null; nameDe: string | null }) =>
  (locale === "de" ? names.nameDe : names.nameEn) ?? displayName(code, locale);

function displayName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const addressKey = (a: AccountAddress) =>
  [a.firstName, a.lastName, a.street1, a.street2 ?? "", a.postalCode, a.city, a.countryCode]
    .map((v) => v.trim().replace(/\s+/g, " ").toLowerCase())
    .join("\u0000");

async function usedAddresses(userId: number, locale: Locale): Promise<AccountAddress[]> {
  const db = await getDb();
  const fields = {
    kind: orderAddresses.kind,
    firstName: orderAddresses.firstName,
    lastName: orderAddresses.lastName,
    street1: orderAddresses.street1,
    street2: orderAddresses.street2,
    city: orderAddresses.city,
    postalCode: orderAddresses.postalCode,
    countryCode: orderAddresses.countryCode,
    nameEn: countries.nameEn,
    nameDe: countries.nameDe,
  };
  const [fromOrders, saved] = await Promise.all([
    db
      .select(fields)
      .from(orderAddresses)
      .innerJoin(orders, eq(orders.id, orderAddresses.orderId))
      .leftJoin(countries, eq(countries.code, orderAddresses.countryCode))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id), sql`${orderAddresses.kind} = 'billing'`)
      .limit(MAX_ADDRESS_ROWS),
    db
      .select({
        ...fields,
        kind: addresses.kind,
        firstName: addresses.firstName,
        lastName: addresses.lastName,
        street1: addresses.street1,
        street2: addresses.street2,
        city: addresses.city,
        postalCode: addresses.postalCode,
        countryCode: addresses.countryCode,
      })
      .from(addresses)
      .leftJoin(countries, eq(countries.code, addresses.countryCode))
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id))
      .limit(MAX_ADDRESS_ROWS),
  ]);
  const seen = new Set<string>();
  const out: AccountAddress[] = [];
  for (const row of [...fromOrders, ...saved]) {
    const { nameEn, nameDe, ...rest } = row;
    const countryCode = rest.countryCode.trim().toUpperCase();
    const address: AccountAddress = { ...rest, countryCode, countryName: countryName(countryCode, locale, { nameEn, nameDe }) };
    const key = addressKey(address);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
}

export async function getAccount(userId: number, locale: Locale): Promise<AccountResponse> {
  const db = await getDb();
  const [user] = await db
    .select({ ...publicUserColumns, hasPassword: hasPasswordColumn })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const { hasPassword, ...data } = user;
  return { user: data, hasPassword, addresses: await usedAddresses(userId, locale) };
}

export async function updateAccount(
  userId: number,
  body: { firstName: string; lastName: string; phone?: string | null },
  locale: Locale,
): Promise<AccountResponse> {
  const updated = await changingSessionUsers([userId], (tx) =>
    tx
      .update(users)
      .set({ firstName: body.firstName, lastName: body.lastName, phone: body.phone ?? null })
      .where(eq(users.id, userId))
      .returning({ id: users.id }),
  );
  if (!updated.length) throw notFound();
  return getAccount(userId, locale);
}

/** The new hash replaces only the hash that was checked, so a change made meanwhile wins. */
export async function changePassword(
  userId: number,
  currentPassword: string,
  newPassword: string,
  client: AuditClient | null = null,
): Promise<SessionUser> {
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  if (!row.passwordHash) throw new ApiError(409, "errors.noPassword");
  await checkOwnPassword({
    key: `password-change:user:${userId}`,
    password: currentPassword,
    hash: row.passwordHash,
    wrong: { currentPassword: "validation.currentPasswordWrong" },
  });
  const passwordHash = await hashPassword(newPassword);
  return changingSessionUsers([userId], async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, userId), eq(users.passwordHash, row.passwordHash as string)))
      .returning(sessionColumns);
    if (!user) throw new ApiError(409, "errors.conflict");
    await retireTokens(tx, userId);
    if (isBackOfficeRoles(user.roles)) await recordAudit(tx, { actor: { userId, email: user.email }, action: "password_changed", client });
    return user;
  });
}
