import "server-only";
import { count, eq, ilike, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { discountCodes, discountRedemptions, orders, type DiscountCode } from "@/db/schema";
import { ApiError, pgErrorCode, validationFailed, zodFieldErrors } from "@/lib/errors";
import {
  discountCodeBody,
  type DiscountCodeBody,
  type DiscountCodeDto,
  type DiscountCodePage,
  type DiscountCodePatch,
  type DiscountSort,
  type DiscountState,
  type ListDiscountCodesQuery,
} from "@/lib/schemas/discounts";
import { env } from "@/lib/env";
import { recordAudit, type AuditContext } from "../audit";
import { likePattern, pagedQuery, violatedConstraint } from "../list-query";
import { MONEY_MOVED } from "@/lib/domain/order-flow";

const notFound = () => new ApiError(404, "errors.discountCodeNotFound");

/** Written out: a single-table select would strip drizzle's table names and "id" would bind to the wrong table. */
const revenueCents = sql<number>`coalesce((
  select sum(o.total_cents) from discount_redemptions r join orders o on o.id = r.order_id
  where r.discount_code_id = ${sql.raw('"discount_codes"."id"')}
    and exists (select 1 from payments p where p.order_id = o.id and p.status in ('succeeded', 'refunded'))
), 0)::int`;

const notCountedUses = () => sql<number>`(
  select count(*) from discount_redemptions r join orders o on o.id = r.order_id
  where r.discount_code_id = ${sql.raw('"discount_codes"."id"')}
    and not exists (select 1 from payments p where p.order_id = o.id and p.status in (${sql.join(
      MONEY_MOVED.map((s) => sql`${s}`),
      sql`, `,
    )}))
    and o.created_at <= now() - make_interval(mins => ${env().DISCOUNT_HOLD_MINUTES})
)::int`;

const columns = () => ({ code: discountCodes, revenueCents, notCounted: notCountedUses() });

export function discountState(code: DiscountCode, now = new Date()): DiscountState {
  if (!code.active) return "inactive";
  if (code.validFrom && now < code.validFrom) return "scheduled";
  if (code.validTo && now >= code.validTo) return "expired";
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return "usedUp";
  return "active";
}

function toDto(row: { code: DiscountCode; revenueCents: number; notCounted: number }): DiscountCodeDto {
  const c = { ...row.code, usedCount: Math.max(0, row.code.usedCount - Number(row.notCounted)) };
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amountCents: c.amountCents,
    validFrom: c.validFrom?.toISOString() ?? null,
    validTo: c.validTo?.toISOString() ?? null,
    minOrderCents: c.minOrderCents,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    usedCount: c.usedCount,
    active: c.active,
    state: discountState(c),
    revenueCents: Number(row.revenueCents),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function orderBy(sort: DiscountSort): SQL[] {
  const dir = sql.raw(sort.startsWith("-") ? "desc" : "asc");
  const byId = sql`${discountCodes.id} desc`;
  switch (sort.replace(/^-/, "")) {
    case "code":
      return [sql`lower(${discountCodes.code}) ${dir}`];
    case "used":
      return [sql`${discountCodes.usedCount} ${dir}`, byId];
    case "revenue":
      return [sql`${revenueCents} ${dir}`, byId];
    case "validTo":
      return [sql`${discountCodes.validTo} ${dir} nulls last`, byId];
    default:
      return [sql`${discountCodes.createdAt} ${dir}`, sql`${discountCodes.id} ${dir}`];
  }
}

export async function listDiscountCodes(query: ListDiscountCodesQuery): Promise<DiscountCodePage> {
  const db = await getDb();
  const where = query.q ? ilike(discountCodes.code, likePattern(query.q)) : undefined;
  return pagedQuery(
    query,
    (limit, offset) =>
      db
        .select(columns())
        .from(discountCodes)
        .where(where)
        .orderBy(...orderBy(query.sort))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(discountCodes).where(where),
    toDto,
  );
}

async function findOrThrow(db: Tx | Awaited<ReturnType<typeof getDb>>, id: number): Promise<DiscountCodeDto> {
  const [row] = await db.select(columns()).from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

export async function getDiscountCodeOrThrow(id: number): Promise<DiscountCodeDto> {
  return findOrThrow(await getDb(), id);
}

const values = (body: DiscountCodeBody) => ({
  code: body.code,
  kind: body.kind,
  percent: body.percent,
  amountCents: body.amountCents,
  validFrom: body.validFrom ? new Date(body.validFrom) : null,
  validTo: body.validTo ? new Date(body.validTo) : null,
  minOrderCents: body.minOrderCents,
  maxUses: body.maxUses,
  maxUsesPerCustomer: body.maxUsesPerCustomer,
  active: body.active,
});

async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === "23505" && violatedConstraint(err) === "discount_codes_code_unique")
      throw validationFailed({ code: "validation.discountCodeTaken" });
    throw err;
  }
}

export async function createDiscountCode(body: DiscountCodeBody, audit: AuditContext): Promise<DiscountCodeDto> {
  const db = await getDb();
  const id = await uniquely(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values(values(body)).returning({ id: discountCodes.id });
      if (!row) throw new Error("insert returned no row");
      const target = { type: "discount_code", id: row.id };
      await recordAudit(tx, { ...audit, action: "discount_code_created", target, details: { code: body.code } });
      return row.id;
    }),
  );
  return findOrThrow(db, id);
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : (a ?? null) === (b ?? null);

function changedFields(before: DiscountCode, after: ReturnType<typeof values>): string[] {
  return (Object.keys(after) as (keyof typeof after)[]).filter((k) => !sameValue(before[k], after[k]));
}

export async function updateDiscountCode(id: number, body: DiscountCodeBody, audit: AuditContext): Promise<DiscountCodeDto> {
  const db = await getDb();
  await uniquely(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
      if (!before) throw notFound();
      const next = values(body);
      await tx.update(discountCodes).set(next).where(eq(discountCodes.id, id));
      const details = { code: body.code, fields: changedFields(before, next) };
      await recordAudit(tx, { ...audit, action: "discount_code_updated", target: { type: "discount_code", id }, details });
    }),
  );
  return findOrThrow(db, id);
}

export async function patchDiscountCode(id: number, patch: DiscountCodePatch, audit: AuditContext): Promise<DiscountCodeDto> {
  const current = await getDiscountCodeOrThrow(id);
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const parsed = discountCodeBody.safeParse({ ...current, ...given });
  if (!parsed.success) throw validationFailed(zodFieldErrors(parsed.error));
  return updateDiscountCode(id, parsed.data, audit);
}

/** Orders' documents name a used code: it is deactivated, never deleted. */
export async function deleteDiscountCode(id: number, audit: AuditContext): Promise<{ deleted: DiscountCodeDto }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!locked) throw notFound();
    const current = await findOrThrow(tx, id);
    const [used] = await tx
      .select({ id: discountRedemptions.id })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, id))
      .limit(1);
    const [onOrder] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(sql`lower(${orders.discountCode}) = ${current.code.toLowerCase()}`)
      .limit(1);
    if (used || onOrder) throw new ApiError(409, "errors.discountCodeInUse");
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await recordAudit(tx, {
      ...audit,
      action: "discount_code_deleted",
      target: { type: "discount_code", id },
      details: { code: current.code },
    });
    return { deleted: current };
  });
}
