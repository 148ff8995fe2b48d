import "server-only";
import { asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { articles, countries, suppliers, type Supplier } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import type { ListSuppliersQuery, SupplierBody, SupplierDto, SupplierPage, SupplierSort } from "@/lib/schemas/suppliers";
import { invalidateCatalog } from "./catalog-cache";
import { likePattern, pagedQuery } from "./list-query";

type Row = Supplier & { countryNameEn: string | null; countryNameDe: string | null };

function toDto(row: Row, locale: Locale): SupplierDto {
  return {
    id: row.id,
    companyName: row.companyName,
    website: row.website,
    title: row.title,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    street: row.street,
    houseNumber: row.houseNumber,
    city: row.city,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    countryName: (locale === "de" ? row.countryNameDe : row.countryNameEn) ?? row.countryNameEn,
    phone1: row.phone1,
    phone2: row.phone2,
    phone3: row.phone3,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columns = {
  id: suppliers.id,
  companyName: suppliers.companyName,
  website: suppliers.website,
  title: suppliers.title,
  firstName: suppliers.firstName,
  lastName: suppliers.lastName,
  email: suppliers.email,
  street: suppliers.street,
  houseNumber: suppliers.houseNumber,
  city: suppliers.city,
  postalCode: suppliers.postalCode,
  countryCode: suppliers.countryCode,
  phone1: suppliers.phone1,
  phone2: suppliers.phone2,
  phone3: suppliers.phone3,
  createdAt: suppliers.createdAt,
  updatedAt: suppliers.updatedAt,
  countryNameEn: countries.nameEn,
  countryNameDe: countries.nameDe,
};

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = likePattern(q);
  return or(
    ilike(suppliers.companyName, p),
    ilike(suppliers.firstName, p),
    ilike(suppliers.lastName, p),
    ilike(sql`coalesce(${suppliers.firstName}, '') || ' ' || coalesce(${suppliers.lastName}, '')`, p),
    ilike(suppliers.email, p),
    ilike(suppliers.city, p),
  );
}

function orderBy(sort: SupplierSort): SQL[] {
  const dir = sort.startsWith("-") ? sql.raw("desc") : sql.raw("asc");
  const byName = sql`lower(${suppliers.companyName}) asc`;
  const byId = asc(suppliers.id);
  switch (sort.replace(/^-/, "")) {
    case "city":
      return [sql`lower(${suppliers.city}) ${dir} nulls last`, byName, byId];
    case "createdAt":
      return [sql`${suppliers.createdAt} ${dir}`, sql`${suppliers.id} ${dir}`];
    default:
      return [sql`lower(${suppliers.companyName}) ${dir}`, sql`${suppliers.id} ${dir}`];
  }
}

export async function listSuppliers(query: ListSuppliersQuery, locale: Locale): Promise<SupplierPage> {
  const db = await getDb();
  const where = searchCondition(query.q);
  return pagedQuery(
    query,
    (limit, offset) =>
      db
        .select(columns)
        .from(suppliers)
        .leftJoin(countries, eq(countries.code, suppliers.countryCode))
        .where(where)
        .orderBy(...orderBy(query.sort))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(suppliers).where(where),
    (r) => toDto(r, locale),
  );
}

export async function listSupplierOptions(): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db
    .select({ id: suppliers.id, name: suppliers.companyName })
    .from(suppliers)
    .orderBy(sql`lower(${suppliers.companyName})`, asc(suppliers.id));
}

async function findOrThrow(tx: Tx, id: number, locale: Locale): Promise<SupplierDto> {
  const [row] = await tx
    .select(columns)
    .from(suppliers)
    .leftJoin(countries, eq(countries.code, suppliers.countryCode))
    .where(eq(suppliers.id, id));
  if (!row) throw new ApiError(404, "errors.supplierNotFound");
  return toDto(row, locale);
}

export async function getSupplierOrThrow(id: number, locale: Locale): Promise<SupplierDto> {
  const db = await getDb();
  return db.transaction((tx) => findOrThrow(tx, id, locale));
}

async function assertKnownCountry(tx: Tx, code: string | null): Promise<void> {
  if (!code) return;
  const [known] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  if (!known) throw new ApiError(422, "errors.validationFailed", { countryCode: "validation.countryUnknown" });
}

function values(body: SupplierBody) {
  return {
    companyName: body.companyName,
    website: body.website,
    title: body.title,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    street: body.street,
    houseNumber: body.houseNumber,
    city: body.city,
    postalCode: body.postalCode,
    countryCode: body.countryCode,
    phone1: body.phone1,
    phone2: body.phone2,
    phone3: body.phone3,
  };
}

export async function createSupplier(body: SupplierBody, locale: Locale): Promise<SupplierDto> {
  const db = await getDb();
  const dto = await db.transaction(async (tx) => {
    await assertKnownCountry(tx, body.countryCode);
    const [inserted] = await tx.insert(suppliers).values(values(body)).returning({ id: suppliers.id });
    if (!inserted) throw new Error("insert returned no row");
    return findOrThrow(tx, inserted.id, locale);
  });
  invalidateCatalog();
  return dto;
}

export async function updateSupplier(id: number, body: SupplierBody, locale: Locale): Promise<SupplierDto> {
  const db = await getDb();
  const dto = await db.transaction(async (tx) => {
    await assertKnownCountry(tx, body.countryCode);
    const [updated] = await tx.update(suppliers).set(values(body)).where(eq(suppliers.id, id)).returning({ id: suppliers.id });
    if (!updated) throw new ApiError(404, "errors.supplierNotFound");
    return findOrThrow(tx, id, locale);
  });
  invalidateCatalog();
  return dto;
}

/** ON DELETE SET NULL would silently unlink the articles: refuse with 409 instead. */
export async function deleteSupplier(id: number, locale: Locale): Promise<{ deleted: SupplierDto }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).for("update");
    if (!locked) throw new ApiError(404, "errors.supplierNotFound");
    const current = await findOrThrow(tx, id, locale);
    const [used] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.supplierId, id)).limit(1);
    if (used) throw new ApiError(409, "errors.supplierInUse");
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    return { deleted: current };
  });
  invalidateCatalog();
  return result;
}
