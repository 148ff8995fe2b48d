import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { authSecret } from "@/lib/env";
import { readCookie, readSessionToken } from "./tokens";
import { sessionCookie } from "./cookie";
import { findActiveSessionUser, type SessionUser } from "@/lib/services/users";
import type { Role } from "@/db/schema";

export interface Session {
  user: SessionUser;
  roles: Role[];
}

/** Verifies a raw token and that it is still current (the user exists and has not logged out since). */
export async function resolveSession(raw: string | undefined): Promise<Session | null> {
  if (!raw) return null;
  const claims = await readSessionToken(raw, authSecret(), sessionCookie());
  if (!claims) return null;
  const user = await findActiveSessionUser(Number(claims.sub), claims.sv);
  return user ? { user, roles: user.roles } : null;
}

export function getRequestSession(req: Request): Promise<Session | null> {
  return resolveSession(readCookie(req.headers.get("cookie"), sessionCookie()));
}

export const getServerSession = cache(async (): Promise<Session | null> => {
  const store = await cookies();
  return resolveSession(store.get(sessionCookie())?.value);
});

export function hasRole(session: Session | null, roles: readonly Role[]): boolean {
  return !!session && roles.some((r) => session.roles.includes(r));
}
