/** The seed is no way in: it never promotes an existing account nor lets production use the development password. */
import { and, arrayContains, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { users } from "@/db/schema";
import { DEFAULT_ADMIN } from "@/db/seed-data";
import { logger } from "@/lib/logger";
import { hashPassword, verifyPassword } from "@/lib/security/password";
import { env } from "@/lib/env";

export class StartRefusedError extends Error {
  override name = "StartRefusedError";
}

function defaultForbidden(): boolean {
  const { NODE_ENV, SHOP_DEMO } = env();
  return NODE_ENV === "production" && !SHOP_DEMO;
}

function adminPassword(email: string): string {
  const password = env().ADMIN_PASSWORD ?? DEFAULT_ADMIN.password;
  if (env().NODE_ENV !== "production" || password !== DEFAULT_ADMIN.password) return password;
  if (defaultForbidden()) {
    throw new StartRefusedError(
      `Refusing to create the admin account ${email} with the development default password in production: ` +
        `set ADMIN_PASSWORD (at least 8 characters, not "${DEFAULT_ADMIN.password}") and start again (only \`npm run demo\` keeps the default).`,
    );
  }
  logger.warn(
    "seed: the admin account gets the development default password (npm run demo, SHOP_DEMO=true); set ADMIN_PASSWORD for anything but a local demo",
    { email },
  );
  return password;
}

export async function refuseDefaultAdminPassword(db: Db): Promise<void> {
  if (!defaultForbidden()) return;
  const admins = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(arrayContains(users.roles, ["admin"]), isNotNull(users.passwordHash)));
  for (const admin of admins) {
    if (await verifyPassword(DEFAULT_ADMIN.password, admin.passwordHash)) {
      throw new StartRefusedError(
        `Refusing to start in production: the admin account ${admin.email} still has the development default password. ` +
          `Change it (sign in, or start once with \`npm run demo\` and change it under the account page), or set ADMIN_PASSWORD before the first seed.`,
      );
    }
  }
}

export async function seedAdmin(tx: Tx): Promise<void> {
  const email = env().ADMIN_EMAIL.trim().toLowerCase();
  // Guest accounts (no password, one per order) may share any email; only a real account counts.
  const [account] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)))
    .limit(1);
  if (account) {
    if (!account.roles.includes("admin")) {
      logger.warn(
        `seed: ADMIN_EMAIL ${email} belongs to an existing account that is not an admin; left unchanged (grant the role by hand if it is yours)`,
        {
          email,
          userId: account.id,
        },
      );
    }
    return;
  }
  if (!email.includes("@")) throw new Error("ADMIN_EMAIL must be an email address");
  const password = adminPassword(email);
  if (password.length < 8) throw new Error("ADMIN_PASSWORD must have at least 8 characters");
  await tx.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    roles: ["admin"],
    firstName: DEFAULT_ADMIN.firstName,
    lastName: DEFAULT_ADMIN.lastName,
  });
}
