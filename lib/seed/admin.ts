/** Seed: the admin account (ADMIN_EMAIL / ADMIN_PASSWORD, else the development defaults). */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { users } from "@/db/schema";
import { DEFAULT_ADMIN } from "@/db/seed-data";
import { hashPassword } from "@/lib/auth/password";

export async function seedAdmin(tx: Tx): Promise<void> {
  const email = (process.env.ADMIN_EMAIL || DEFAULT_ADMIN.email).trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD || DEFAULT_ADMIN.password;
  const [account] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)))
    .limit(1);
  if (account) {
    if (!account.roles.includes("admin")) {
      // A role change invalidates existing sessions, like every other role change.
      await tx
        .update(users)
        .set({ roles: [...account.roles, "admin"], sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, account.id));
    }
    return;
  }
  if (!email.includes("@")) throw new Error("ADMIN_EMAIL must be an email address");
  if (password.length < 8) throw new Error("ADMIN_PASSWORD must have at least 8 characters");
  await tx.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    roles: ["admin"],
    firstName: DEFAULT_ADMIN.firstName,
    lastName: DEFAULT_ADMIN.lastName,
  });
}
