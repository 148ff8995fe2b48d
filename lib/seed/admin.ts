/**
 * Seed: the admin account (ADMIN_EMAIL / ADMIN_PASSWORD, else the development defaults).
 *
 * Two rules keep the seed from being a way in:
 * - It never promotes an existing account. When ADMIN_EMAIL already belongs to someone who is not an
 *   admin (for example a customer who registered that address first), the account stays exactly as it
 *   is and a warning is logged; an admin grants the role by hand if it is really theirs.
 * - A production deployment never gets the well-known development password. With NODE_ENV=production
 *   and a server database (DATABASE_URL), creating the admin with ADMIN_PASSWORD unset or equal to the
 *   default throws, so `npm run db:seed` (and any start-up that seeds) stops with a clear message.
 *   `npm run demo` (a production build on a brand-new embedded PGlite database, no DATABASE_URL) is the
 *   one exception: it is a local demo, so it keeps the documented default and logs a loud warning.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { users } from "@/db/schema";
import { DEFAULT_ADMIN } from "@/db/seed-data";
import { logger } from "@/lib/api/logger";
import { hashPassword } from "@/lib/auth/password";

/** The admin password to create the account with; throws where the default would be unsafe. */
function adminPassword(email: string): string {
  const configured = process.env.ADMIN_PASSWORD;
  const password = configured || DEFAULT_ADMIN.password;
  if (process.env.NODE_ENV !== "production" || password !== DEFAULT_ADMIN.password) return password;
  if (process.env.DATABASE_URL) {
    throw new Error(
      `Refusing to create the admin account ${email} with the development default password in production: ` +
        `set ADMIN_PASSWORD (at least 8 characters, not "${DEFAULT_ADMIN.password}") and seed again.`,
    );
  }
  logger.warn("seed: the admin account gets the development default password (demo on an embedded database); set ADMIN_PASSWORD for anything but a local demo", { email });
  return password;
}

export async function seedAdmin(tx: Tx): Promise<void> {
  const email = (process.env.ADMIN_EMAIL || DEFAULT_ADMIN.email).trim().toLowerCase();
  // Guest accounts (no password, one per order) may share any email; only a real account counts.
  const [account] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.passwordHash)))
    .limit(1);
  if (account) {
    if (!account.roles.includes("admin")) {
      logger.warn(`seed: ADMIN_EMAIL ${email} belongs to an existing account that is not an admin; left unchanged (grant the role by hand if it is yours)`, {
        email,
        userId: account.id,
      });
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
