import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { brandSettings, images } from "@/db/schema";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SHOP_NAME } from "@/lib/domain/brand";
import { cachedBrand } from "../brand-cache";
import { loadSellerValues } from "../seller-settings";

export interface BrandLogo {
  imageId: number;
  storageKey: string;
  mimeType: string;
}

export interface Brand {
  shopName: string;
  primaryColor: string;
  supportEmail: string | null;
  logo: BrandLogo | null;
  saved: boolean;
  updatedAt: Date | null;
}

async function readBrand(db: Db | Tx): Promise<Brand> {
  const [row] = await db
    .select({ brand: brandSettings, logo: { imageId: images.id, storageKey: images.storageKey, mimeType: images.mimeType } })
    .from(brandSettings)
    .leftJoin(images, eq(images.id, brandSettings.logoImageId))
    .where(eq(brandSettings.id, 1));
  if (row) {
    const { brand, logo } = row;
    return {
      shopName: brand.shopName,
      primaryColor: brand.primaryColor,
      supportEmail: brand.supportEmail,
      logo: logo?.imageId ? logo : null,
      saved: true,
      updatedAt: brand.updatedAt,
    };
  }
  // A new shop is called by its legal name until the owner names it.
  const seller = await loadSellerValues(db);
  return {
    shopName: seller.values.name?.trim() || DEFAULT_SHOP_NAME,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    supportEmail: seller.values.email,
    logo: null,
    saved: false,
    updatedAt: null,
  };
}

/** Cached: the header, page titles and every mail read it. Pass the transaction a caller is in (PGlite has one connection). */
export async function loadBrand(db?: Db | Tx): Promise<Brand> {
  return cachedBrand(async () => readBrand(db ?? (await getDb())));
}

export async function loadShopName(db?: Db | Tx): Promise<string> {
  return (await loadBrand(db)).shopName;
}

/** Uncached, for the settings screen and writes. */
export async function readBrandNow(db?: Db | Tx): Promise<Brand> {
  return readBrand(db ?? (await getDb()));
}
