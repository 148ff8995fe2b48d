import "server-only";
import { count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { discountCodes, discountRedemptions } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import type { DiscountCodeBody, DiscountCodeDto, DiscountCodePage, ListDiscountCodesQuery } from "@/lib/schemas/discount-codes";
import { likePattern, pagedQuery, violatedConstraint } from "./list-query";

const notFound = () => new ApiError(404, "errors.discountCodeNotFound");

// Qualified by hand: drizzle leaves the columns of a one-table select unqualified, and "id" would bind inside.
const uses = sql<number>`(select count(*)::int from discount_redemptions r where r.discount_code_id = "discount_codes"."id")`;
const revenue = sql<number>`(select coalesce(sum(o.total_cents), 0)::bigint from discount_redemptions r join orders o on o.id = r.order_id
  where r.discount_code_id = "discount_codes"."id" and o.paid_at is not null)`;
const columns = { code: discountCodes, uses, revenue };

function toDto({
  code: c,
  uses: u,
  revenue: r,
}: {
  code: typeof discountCodes.$inferSelect;
  uses: number;
  revenue: number;
}): DiscountCodeDto {
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
    active: c.active,
    uses: Number(u),
    revenueCents: Number(r),
    createdAt: c.createdAt.toISOString(),
  };
}

function orderBy(sort: ListDiscountCodesQuery["sort"]): SQL[] {
  switch (sort) {
    case "code":
      return [sql`lower(${discountCodes.code}) asc`];
    case "-code":
      return [sql`lower(${discountCodes.code}) desc`];
    case "createdAt":
      return [sql`${discountCodes.createdAt} asc`, sql`${discountCodes.id} asc`];
    case "-uses":
      return [sql`${uses} desc`, desc(discountCodes.id)];
    case "-revenue":
      return [sql`${revenue} desc`, desc(discountCodes.id)];
    default:
      return [desc(discountCodes.createdAt), desc(discountCodes.id)];
  }
}

export async function listDiscountCodes(query: ListDiscountCodesQuery): Promise<DiscountCodePage> {
  const db = await getDb();
  const where = query.q ? ilike(discountCodes.code, likePattern(query.q)) : undefined;
  return pagedQuery(
    query,
    (limit, offset) =>
      db
        .select(columns)
        .from(discountCodes)
        .where(where)
        .orderBy(...orderBy(query.sort))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(discountCodes).where(where),
    toDto,
  );
}

async function findOrThrow(db: Db | Tx, id: number): Promise<DiscountCodeDto> {
  const [row] = await db.select(columns).from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

export async function getDiscountCode(id: number): Promise<DiscountCodeDto> {
  return findOrThrow(await getDb(), id);
}

/** The unique index on lower(code) answers a taken code as a field error. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (violatedConstraint(err) === "discount_codes_code_unique")
      throw new ApiError(422, "errors.validationFailed", { code: "validation.discountCodeTaken" });
    throw err;
  }
}

export async function createDiscountCode(body: DiscountCodeBody): Promise<DiscountCodeDto> {
  const db = await getDb();
  return writing(async () => {
    const [row] = await db.insert(discountCodes).values(body).returning({ id: discountCodes.id });
    if (!row) throw new Error("insert returned no row");
    return findOrThrow(db, row.id);
  });
}

/** The use count is the redemptions', never the form's. */
export async function updateDiscountCode(id: number, body: DiscountCodeBody): Promise<DiscountCodeDto> {
  const db = await getDb();
  return writing(async () => {
    const [row] = await db.update(discountCodes).set(body).where(eq(discountCodes.id, id)).returning({ id: discountCodes.id });
    if (!row) throw notFound();
    return findOrThrow(db, id);
  });
}

/** A code some order carries stays for that order's books: deactivate it instead. */
export async function deleteDiscountCode(id: number): Promise<{ deleted: DiscountCodeDto }> {
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
    if (used) throw new ApiError(409, "errors.discountCodeInUse");
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    return { deleted: current };
  });
}
