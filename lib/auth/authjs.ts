import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authSecret, env } from "@/lib/env";
import { cookieSecure, sessionCookie } from "./cookie";
import { verifyCredentials } from "@/lib/services/users";
import { loginBody } from "@/lib/schemas/auth";
import { clientIp } from "@/lib/api/client-ip";
import { logger } from "@/lib/api/logger";
import { ApiError } from "@/lib/api/errors";
import type { Role } from "@/db/schema";

/**
 * Auth.js, mounted on its own base path (/api/authjs) so it does not collide with the spec's
 * /api/auth/* calls. It signs in with the same credentials check and writes the same JWT cookie
 * (name, salt, claims) as POST /api/auth/login, so either way of signing in yields one session.
 */
export const { handlers, auth } = NextAuth(() => ({
  basePath: "/api/authjs",
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: env().SESSION_MAX_AGE_SECONDS },
  cookies: {
    sessionToken: {
      name: sessionCookie(),
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: cookieSecure() },
    },
  },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, request) {
        const parsed = loginBody.safeParse(credentials);
        if (!parsed.success) return null;
        try {
          const user = await verifyCredentials(parsed.data.email, parsed.data.password, clientIp(request, env().TRUSTED_PROXY_COUNT));
          return { id: String(user.id), email: user.email, roles: user.roles, sv: user.sessionVersion };
        } catch (err) {
          if (err instanceof ApiError) return null;
          throw err;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as { id?: string; roles?: Role[]; sv?: number };
        token.sub = u.id;
        token.roles = u.roles;
        token.sv = u.sv;
      }
      return token;
    },
    session({ session, token }) {
      return { ...session, roles: (token.roles as Role[] | undefined) ?? [] };
    },
  },
  logger: {
    error: (error) => logger.warn("auth.js", { error: error.name, message: error.message }),
    warn: () => {},
    debug: () => {},
  },
}));
