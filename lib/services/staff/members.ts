import "server-only";
import { and, arrayContains, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { staffInvitations, users } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors";
import type { StaffRow } from "@/lib/schemas/staff";
import { recordAudit, type AuditContext } from "../audit";
import { changingSessionUsers } from "../session-cache";

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;

export async function listStaff(now = new Date()): Promise<StaffRow[]> {
  const db = await getDb();
  const members = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(isNotNull(users.passwordHash), or(arrayContains(users.roles, ["admin"]), arrayContains(users.roles, ["staff"]))))
    .orderBy(asc(users.id));
  const invitations = await db.select().from(staffInvitations).where(isNull(staffInvitations.acceptedAt)).orderBy(asc(staffInvitations.id));
  return [
    ...members.map((m): StaffRow => ({
      key: `user:${m.id}`,
      kind: "member",
      id: m.id,
      email: m.email,
      name: fullName(m.firstName, m.lastName),
      role: m.roles.includes("admin") ? "owner" : "staff",
      status: "active",
      since: m.createdAt.toISOString(),
    })),
    ...invitations.map((i): StaffRow => ({
      key: `invitation:${i.id}`,
      kind: "invitation",
      id: i.id,
      email: i.email,
      name: fullName(i.firstName, i.lastName),
      role: "staff",
      status: i.expiresAt > now ? "invited" : "expired",
      since: i.createdAt.toISOString(),
    })),
  ];
}

export async function removeStaff(userId: number, audit: AuditContext): Promise<void> {
  if (userId === audit.actor.userId) throw new ApiError(409, "errors.cannotRemoveYourself");
  const db = await getDb();
  const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  if (!user || !user.roles.includes("staff")) throw notFound();
  if (user.roles.includes("admin")) throw new ApiError(409, "errors.ownerNotRemovable");
  await changingSessionUsers([userId], async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        roles: sql`coalesce(nullif(array_remove(${users.roles}, 'staff'), '{}'), ARRAY['customer']::text[])`,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(and(eq(users.id, userId), arrayContains(users.roles, ["staff"])))
      .returning({ id: users.id });
    if (!row) throw notFound();
    await recordAudit(tx, { ...audit, action: "staff_removed", target: { type: "user", id: userId } });
  });
}
