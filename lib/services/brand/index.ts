import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { brandSettings } from "@/db/schema";
import { intakeLogo } from "@/lib/integrations/images/logo";
import { accentVariables } from "@/lib/domain/brand";
import type { BrandBody, BrandDto, ShellBrand } from "@/lib/schemas/brand";
import { recordAudit, type AuditContext } from "../audit";
import { invalidateBrand } from "../brand-cache";
import { deleteImage, imageUrl, storeProcessedImage } from "../images";
import { loadBrand, readBrandNow, type Brand } from "./load";

export { loadBrand, loadShopName, type Brand, type BrandLogo } from "./load";
export { brandIcon } from "./icon";

function toDto(brand: Brand): BrandDto {
  return {
    shopName: brand.shopName,
    primaryColor: brand.primaryColor,
    supportEmail: brand.supportEmail,
    logoUrl: brand.logo ? imageUrl(brand.logo.imageId) : null,
    source: brand.saved ? "saved" : "default",
    updatedAt: brand.updatedAt ? brand.updatedAt.toISOString() : null,
  };
}

/** For every storefront page: cached, and the icon address changes with each save so browsers fetch the new one. */
export async function shellBrand(): Promise<ShellBrand> {
  const brand = await loadBrand();
  const version = brand.updatedAt ? brand.updatedAt.getTime().toString(36) : "0";
  return {
    shopName: brand.shopName,
    logoUrl: brand.logo ? imageUrl(brand.logo.imageId) : null,
    accent: accentVariables(brand.primaryColor),
    iconUrl: `/api/brand/icon?v=${version}`,
  };
}

export async function getBrandSettings(): Promise<BrandDto> {
  return toDto(await readBrandNow());
}

type BrandChange = Partial<BrandBody> & { logoImageId?: number | null };

/** Writes the row (created from the current values when missing) and its audit entry; answers the logo it replaced. */
async function writeBrand(tx: Tx, change: BrandChange, audit: AuditContext): Promise<number | null> {
  // Locked first: two uploads at once must each see the logo the other replaced, or one picture is left behind.
  const [row] = await tx
    .select({ logoImageId: brandSettings.logoImageId })
    .from(brandSettings)
    .where(eq(brandSettings.id, 1))
    .for("update");
  const before = await readBrandNow(tx);
  const values = {
    shopName: change.shopName ?? before.shopName,
    primaryColor: change.primaryColor ?? before.primaryColor,
    supportEmail: change.supportEmail !== undefined ? change.supportEmail : before.supportEmail,
    logoImageId: change.logoImageId !== undefined ? change.logoImageId : (row?.logoImageId ?? null),
    updatedAt: new Date(),
  };
  await tx
    .insert(brandSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: brandSettings.id, set: values });
  const fields = (["shopName", "primaryColor", "supportEmail"] as const).filter((k) => change[k] !== undefined && change[k] !== before[k]);
  await recordAudit(tx, {
    ...audit,
    action: "brand_changed",
    target: { type: "brand_settings", id: 1 },
    details: { fields: change.logoImageId !== undefined ? [...fields, "logo"] : fields },
  });
  const old = row?.logoImageId ?? null;
  return change.logoImageId !== undefined && old !== change.logoImageId ? old : null;
}

async function dropOldLogo(imageId: number | null): Promise<void> {
  if (imageId !== null) await deleteImage(imageId).catch(() => false);
}

export async function saveBrand(body: BrandBody, audit: AuditContext): Promise<BrandDto> {
  await (await getDb()).transaction((tx) => writeBrand(tx, body, audit));
  invalidateBrand();
  return getBrandSettings();
}

/** The file is checked by its bytes and stored as our own PNG before the row points at it. */
export async function setBrandLogo(bytes: Buffer, audit: AuditContext): Promise<BrandDto> {
  const processed = await intakeLogo(bytes);
  const image = await storeProcessedImage(processed, { type: "CATALOGUE", ownerId: null });
  let replaced: number | null;
  try {
    replaced = await (await getDb()).transaction((tx) => writeBrand(tx, { logoImageId: image.id }, audit));
  } catch (err) {
    await dropOldLogo(image.id);
    throw err;
  }
  invalidateBrand();
  await dropOldLogo(replaced);
  return getBrandSettings();
}

export async function deleteBrandLogo(audit: AuditContext): Promise<BrandDto> {
  if (!(await readBrandNow()).logo) return getBrandSettings();
  const replaced = await (await getDb()).transaction((tx) => writeBrand(tx, { logoImageId: null }, audit));
  invalidateBrand();
  await dropOldLogo(replaced);
  return getBrandSettings();
}
